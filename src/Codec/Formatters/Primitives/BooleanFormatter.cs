namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="bool"/> as 1 byte(s); see docs/wire-format.md.</summary>
internal sealed class BooleanFormatter : PackFormatter<bool>
{
    public static readonly BooleanFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 1;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, bool value) => writer.WriteBoolean(value);

    /// <inheritdoc/>
    public override bool Deserialize(ref PackReader reader) => reader.ReadBoolean();
}
