using System.Buffers;

namespace Pack.Formatters.Segments;

/// <summary>Writes a top-level <see cref="List{T}"/> or array in parts between its elements.</summary>
/// <typeparam name="TCollection">The collection type.</typeparam>
/// <typeparam name="TElement">The element type.</typeparam>
internal sealed class CollectionSegmentedWriter<TCollection, TElement> : SegmentedWriter<TCollection>
    where TCollection : class
{
    /// <inheritdoc/>
    public override bool Write(IBufferWriter<byte> destination, TCollection value, PackSerializerOptions? options, ref SegmentCursor cursor, long limit)
    {
        var writer = new PackWriter<IBufferWriter<byte>>(ref destination, options, 0);
        cursor.Started = true;
        bool done = SegmentedElements.Write(ref writer, CollectionMemberPart<TCollection, TCollection, TElement>.AsSpan(value), ref cursor, limit);
        writer.Flush();
        return done;
    }
}
