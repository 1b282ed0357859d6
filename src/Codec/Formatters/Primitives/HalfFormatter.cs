namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="Half"/> as 2 byte(s); see docs/wire-format.md.</summary>
internal sealed class HalfFormatter : PackFormatter<Half>
{
    public static readonly HalfFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 2;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, Half value) => writer.WriteHalf(value);

    /// <inheritdoc/>
    public override Half Deserialize(ref PackReader reader) => reader.ReadHalf();
}
