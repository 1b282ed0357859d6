namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="float"/> as 4 byte(s); see docs/wire-format.md.</summary>
internal sealed class SingleFormatter : PackFormatter<float>
{
    public static readonly SingleFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 4;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, float value) => writer.WriteSingle(value);

    /// <inheritdoc/>
    public override float Deserialize(ref PackReader reader) => reader.ReadSingle();
}
