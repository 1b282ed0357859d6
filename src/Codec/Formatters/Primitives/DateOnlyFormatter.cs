namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="DateOnly"/> as 4 byte(s); see docs/wire-format.md.</summary>
internal sealed class DateOnlyFormatter : PackFormatter<DateOnly>
{
    public static readonly DateOnlyFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 4;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, DateOnly value) => writer.WriteDateOnly(value);

    /// <inheritdoc/>
    public override DateOnly Deserialize(ref PackReader reader) => reader.ReadDateOnly();
}
