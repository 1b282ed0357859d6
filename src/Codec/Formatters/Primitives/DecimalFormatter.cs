namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="decimal"/> as 16 byte(s); see docs/wire-format.md.</summary>
internal sealed class DecimalFormatter : PackFormatter<decimal>
{
    public static readonly DecimalFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 16;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, decimal value) => writer.WriteDecimal(value);

    /// <inheritdoc/>
    public override decimal Deserialize(ref PackReader reader) => reader.ReadDecimal();
}
