using System.Buffers;

namespace Pack.Formatters.Segments;

/// <summary>
/// Writes a value of <typeparamref name="T"/> in parts that end at safe points, so that the caller can flush the
/// destination between them: between the members of the top-level object (whose header, -2 and a member count, needs no
/// patching) and between the elements of a top-level collection or of a collection member of the top-level object
/// (count-prefixed). Nested objects are never split: their length is patched once their body is written.
/// </summary>
/// <typeparam name="T">The type of the top-level value.</typeparam>
internal abstract class SegmentedWriter<T>
{
    /// <summary>The writer of <typeparamref name="T"/>, or <see langword="null"/> when its payload has no safe point to flush at.</summary>
    public static readonly SegmentedWriter<T>? Instance = SegmentedWriterFactory.Create<T>();

    /// <summary>
    /// Writes from <paramref name="cursor"/> on and commits the bytes to <paramref name="destination"/>, stopping at the
    /// first safe point after <paramref name="limit"/> bytes.
    /// </summary>
    /// <returns><see langword="true"/> when the value is written to its end.</returns>
    public abstract bool Write(IBufferWriter<byte> destination, T value, PackSerializerOptions? options, ref SegmentCursor cursor, long limit);
}
