namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="ReadOnlyMemory{T}"/> like an array; read into a new array. Null reads as empty.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ReadOnlyMemoryFormatter<T> : PackFormatter<ReadOnlyMemory<T>>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, ReadOnlyMemory<T> value)
        => CollectionHelpers.WriteElements(ref writer, value.Span);

    /// <inheritdoc/>
    public override ReadOnlyMemory<T> Deserialize(ref PackReader reader) => CollectionHelpers.ReadArray<T>(ref reader);
}
