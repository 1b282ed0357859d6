namespace Pack.Formatters.Collections;

/// <summary>Writes <c>T[]</c> as a count (-1 for null) and the elements; blittable elements are one memory copy.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ArrayFormatter<T> : PackFormatter<T[]>, IBlittableElements
{
    /// <inheritdoc/>
    public int BlittableElementSize => PackTypeInfo<T>.IsBlittable ? System.Runtime.CompilerServices.Unsafe.SizeOf<T>() : 0;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T[]? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        CollectionHelpers.WriteElements(ref writer, new ReadOnlySpan<T>(value));
    }

    /// <inheritdoc/>
    public override T[]? Deserialize(ref PackReader reader) => CollectionHelpers.ReadArray<T>(ref reader);
}
