namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="sbyte"/> as 1 byte(s); see docs/wire-format.md.</summary>
internal sealed class SByteFormatter : PackFormatter<sbyte>
{
    public static readonly SByteFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 1;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, sbyte value) => writer.WriteSByte(value);

    /// <inheritdoc/>
    public override sbyte Deserialize(ref PackReader reader) => reader.ReadSByte();
}
