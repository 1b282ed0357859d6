namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="Memory{T}"/> like an array; read into a new array. Memory has no null, so null reads as empty.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class MemoryFormatter<T> : PackFormatter<Memory<T>>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, Memory<T> value)
        => CollectionHelpers.WriteElements(ref writer, (ReadOnlySpan<T>)value.Span);

    /// <inheritdoc/>
    public override Memory<T> Deserialize(ref PackReader reader) => CollectionHelpers.ReadArray<T>(ref reader);
}
