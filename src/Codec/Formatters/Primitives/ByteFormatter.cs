namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="byte"/> as 1 byte(s); see docs/wire-format.md.</summary>
internal sealed class ByteFormatter : PackFormatter<byte>
{
    public static readonly ByteFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 1;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, byte value) => writer.WriteByte(value);

    /// <inheritdoc/>
    public override byte Deserialize(ref PackReader reader) => reader.ReadByte();
}
