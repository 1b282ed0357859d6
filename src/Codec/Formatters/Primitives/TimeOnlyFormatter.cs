namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="TimeOnly"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class TimeOnlyFormatter : PackFormatter<TimeOnly>
{
    public static readonly TimeOnlyFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TimeOnly value) => writer.WriteTimeOnly(value);

    /// <inheritdoc/>
    public override TimeOnly Deserialize(ref PackReader reader) => reader.ReadTimeOnly();
}
