namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="ulong"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class UInt64Formatter : PackFormatter<ulong>
{
    public static readonly UInt64Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, ulong value) => writer.WriteUInt64(value);

    /// <inheritdoc/>
    public override ulong Deserialize(ref PackReader reader) => reader.ReadUInt64();
}
