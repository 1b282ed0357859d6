namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="ArraySegment{T}"/> like an array of its elements; a default segment (no array) is null.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ArraySegmentFormatter<T> : PackFormatter<ArraySegment<T>>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, ArraySegment<T> value)
    {
        if (value.Array is null)
        {
            writer.WriteNullCollection();
            return;
        }

        CollectionHelpers.WriteElements(ref writer, (ReadOnlySpan<T>)value.AsSpan());
    }

    /// <inheritdoc/>
    public override ArraySegment<T> Deserialize(ref PackReader reader)
    {
        T[]? array = CollectionHelpers.ReadArray<T>(ref reader);
        return array is null ? default : new ArraySegment<T>(array);
    }
}
