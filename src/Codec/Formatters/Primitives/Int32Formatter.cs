namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="int"/> as 4 byte(s); see docs/wire-format.md.</summary>
internal sealed class Int32Formatter : PackFormatter<int>
{
    public static readonly Int32Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 4;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, int value) => writer.WriteInt32(value);

    /// <inheritdoc/>
    public override int Deserialize(ref PackReader reader) => reader.ReadInt32();
}
