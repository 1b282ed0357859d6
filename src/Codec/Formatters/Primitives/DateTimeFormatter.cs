namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="DateTime"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class DateTimeFormatter : PackFormatter<DateTime>
{
    public static readonly DateTimeFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, DateTime value) => writer.WriteDateTime(value);

    /// <inheritdoc/>
    public override DateTime Deserialize(ref PackReader reader) => reader.ReadDateTime();
}
