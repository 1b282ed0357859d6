namespace Pack.Formatters.Primitives;

/// <summary>Writes strings as UTF-8 with a length header; see docs/wire-format.md.</summary>
internal sealed class StringFormatter : PackFormatter<string>
{
    public static readonly StringFormatter Instance = new();

    /// <inheritdoc/>
    public override int MinimumLength => 4;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, string? value) => writer.WriteString(value);

    /// <inheritdoc/>
    public override string? Deserialize(ref PackReader reader) => reader.ReadString();
}
