using System.Buffers;

namespace Pack.Formatters.Segments;

/// <summary>A run of the top-level object's members, written as one part or (a collection) in several.</summary>
/// <typeparam name="T">The type of the top-level object.</typeparam>
internal abstract class ObjectPart<T>
{
    /// <summary>Writes the members from the cursor on.</summary>
    /// <returns><see langword="true"/> when the part is written to its end.</returns>
    public abstract bool Write(ref PackWriter<IBufferWriter<byte>> writer, T value, ref SegmentCursor cursor, long limit);
}
