namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="short"/> as 2 byte(s); see docs/wire-format.md.</summary>
internal sealed class Int16Formatter : PackFormatter<short>
{
    public static readonly Int16Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 2;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, short value) => writer.WriteInt16(value);

    /// <inheritdoc/>
    public override short Deserialize(ref PackReader reader) => reader.ReadInt16();
}
