namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="double"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class DoubleFormatter : PackFormatter<double>
{
    public static readonly DoubleFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, double value) => writer.WriteDouble(value);

    /// <inheritdoc/>
    public override double Deserialize(ref PackReader reader) => reader.ReadDouble();
}
