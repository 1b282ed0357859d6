using Pack.Schema;

namespace Pack.Logging;

/// <summary>Where a <see cref="PackBodyLogCapture"/> gets its schema and writes its lines: the server's and the client's logger.</summary>
internal abstract class PackBodyLogSink
{
    /// <summary>The body's schema (a stream's item schema), asked once, when the first byte arrives.</summary>
    /// <param name="unknown">Why there is none (an unknown fingerprint, no header and no declared type).</param>
    /// <returns>The schema, or <see langword="null"/> with <paramref name="unknown"/> set.</returns>
    public abstract PackSchema? ResolveSchema(out string unknown);

    /// <summary>A whole body, or a stream's end: <paramref name="body"/> is the JSON text (may be empty), <paramref name="status"/> empty or a bracketed note.</summary>
    public abstract void WriteBody(string body, string status);

    /// <summary>One item of a stream, as soon as its frame is complete.</summary>
    public abstract void WriteItem(int index, string body, string status);
}
