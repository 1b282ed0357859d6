namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="Int128"/> as 16 byte(s); see docs/wire-format.md.</summary>
internal sealed class Int128Formatter : PackFormatter<Int128>
{
    public static readonly Int128Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 16;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, Int128 value) => writer.WriteInt128(value);

    /// <inheritdoc/>
    public override Int128 Deserialize(ref PackReader reader) => reader.ReadInt128();
}
