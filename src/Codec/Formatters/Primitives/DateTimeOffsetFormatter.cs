namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="DateTimeOffset"/> as 10 byte(s); see docs/wire-format.md.</summary>
internal sealed class DateTimeOffsetFormatter : PackFormatter<DateTimeOffset>
{
    public static readonly DateTimeOffsetFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 10;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, DateTimeOffset value) => writer.WriteDateTimeOffset(value);

    /// <inheritdoc/>
    public override DateTimeOffset Deserialize(ref PackReader reader) => reader.ReadDateTimeOffset();
}
