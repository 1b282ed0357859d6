using System.Buffers;

namespace Pack.Streaming;

/// <summary>
/// Writes and reads a Pack stream: a sequence of frames <c>[kind: u8][length: i32 LE][payload]</c>, ending with an
/// <see cref="PackFrameKind.End"/> or an <see cref="PackFrameKind.Error"/> frame. Used for <c>IAsyncEnumerable&lt;T&gt;</c> over HTTP.
/// </summary>
public static class PackStream
{
    /// <summary>Writes one item frame.</summary>
    public static void WriteItem<T>(IBufferWriter<byte> destination, T? value, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Writes one item frame for a value of a runtime type.</summary>
    public static void WriteItem(IBufferWriter<byte> destination, object? value, Type type, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Writes the end frame.</summary>
    public static void WriteEnd(IBufferWriter<byte> destination) => throw new NotImplementedException();

    /// <summary>Writes an error frame.</summary>
    public static void WriteError(IBufferWriter<byte> destination, PackStreamError error) => throw new NotImplementedException();

    /// <summary>Reads items as their frames arrive. Throws <see cref="PackStreamException"/> on an error frame and <see cref="PackException"/> when the stream ends without an end frame or is malformed.</summary>
    public static IAsyncEnumerable<T?> ReadAsync<T>(Stream source, PackSerializerOptions? options = null, CancellationToken cancellationToken = default) => throw new NotImplementedException();
}
