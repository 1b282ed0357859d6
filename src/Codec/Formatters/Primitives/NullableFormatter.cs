namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="Nullable{T}"/> as a presence byte (0 or 1) followed by the value when present.</summary>
/// <typeparam name="T">The underlying value type.</typeparam>
internal sealed class NullableFormatter<T> : PackFormatter<T?>
    where T : struct
{
    /// <inheritdoc/>
    public override int MinimumLength => 1;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
    {
        if (value.HasValue)
        {
            writer.WriteByte(1);
            PackWriterCache<T, TBufferWriter>.Method(ref writer, value.GetValueOrDefault());
        }
        else
        {
            writer.WriteByte(0);
        }
    }

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader)
        => reader.ReadBoolean() ? PackFormatterCache<T>.Formatter.Deserialize(ref reader) : null;
}
