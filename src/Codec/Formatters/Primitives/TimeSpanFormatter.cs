namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="TimeSpan"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class TimeSpanFormatter : PackFormatter<TimeSpan>
{
    public static readonly TimeSpanFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TimeSpan value) => writer.WriteTimeSpan(value);

    /// <inheritdoc/>
    public override TimeSpan Deserialize(ref PackReader reader) => reader.ReadTimeSpan();
}
