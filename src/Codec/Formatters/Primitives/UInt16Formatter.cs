namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="ushort"/> as 2 byte(s); see docs/wire-format.md.</summary>
internal sealed class UInt16Formatter : PackFormatter<ushort>
{
    public static readonly UInt16Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 2;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, ushort value) => writer.WriteUInt16(value);

    /// <inheritdoc/>
    public override ushort Deserialize(ref PackReader reader) => reader.ReadUInt16();
}
