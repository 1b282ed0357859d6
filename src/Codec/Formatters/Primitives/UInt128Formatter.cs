namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="UInt128"/> as 16 byte(s); see docs/wire-format.md.</summary>
internal sealed class UInt128Formatter : PackFormatter<UInt128>
{
    public static readonly UInt128Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 16;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, UInt128 value) => writer.WriteUInt128(value);

    /// <inheritdoc/>
    public override UInt128 Deserialize(ref PackReader reader) => reader.ReadUInt128();
}
