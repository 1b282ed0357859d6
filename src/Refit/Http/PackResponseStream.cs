using Pack.Client;
using Pack.IO;

namespace Pack.Refit;

/// <summary>A response body stream, passed through unchanged, that remembers the media type and schema of its response.</summary>
/// <remarks>Reads, including a cancelled pending read (how Pack.Client aborts an abandoned stream), go to the inner stream.</remarks>
internal sealed class PackResponseStream(Stream inner, string mediaType, PackResponseSchema? schema) : ReadOnlyDelegatingStream(inner, leaveOpen: false)
{
    internal string MediaType { get; } = mediaType;

    internal PackResponseSchema? Schema { get; } = schema;

    public override Task CopyToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken) =>
        Inner.CopyToAsync(destination, bufferSize, cancellationToken);
}
