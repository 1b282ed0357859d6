namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="uint"/> as 4 byte(s); see docs/wire-format.md.</summary>
internal sealed class UInt32Formatter : PackFormatter<uint>
{
    public static readonly UInt32Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 4;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, uint value) => writer.WriteUInt32(value);

    /// <inheritdoc/>
    public override uint Deserialize(ref PackReader reader) => reader.ReadUInt32();
}
