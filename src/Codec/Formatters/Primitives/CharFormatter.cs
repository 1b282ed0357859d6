namespace Pack.Formatters.Primitives;

/// <summary>Writes <see cref="char"/> as 2 byte(s); see docs/wire-format.md.</summary>
internal sealed class CharFormatter : PackFormatter<char>
{
    public static readonly CharFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 2;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, char value) => writer.WriteChar(value);

    /// <inheritdoc/>
    public override char Deserialize(ref PackReader reader) => reader.ReadChar();
}
