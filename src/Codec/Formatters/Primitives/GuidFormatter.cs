namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="Guid"/> as 16 byte(s); see docs/wire-format.md.</summary>
internal sealed class GuidFormatter : PackFormatter<Guid>
{
    public static readonly GuidFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 16;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, Guid value) => writer.WriteGuid(value);

    /// <inheritdoc/>
    public override Guid Deserialize(ref PackReader reader) => reader.ReadGuid();
}
