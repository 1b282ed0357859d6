namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="long"/> as 8 byte(s); see docs/wire-format.md.</summary>
internal sealed class Int64Formatter : PackFormatter<long>
{
    public static readonly Int64Formatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 8;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, long value) => writer.WriteInt64(value);

    /// <inheritdoc/>
    public override long Deserialize(ref PackReader reader) => reader.ReadInt64();
}
