namespace Pack.Formatters;

/// <summary>Stands in for a type Pack cannot handle, so the error surfaces on use with its reason instead of as a type-initializer failure.</summary>
/// <typeparam name="T">The unsupported type.</typeparam>
internal sealed class UnsupportedFormatter<T> : PackFormatter<T>
{
    private readonly string _reason;

    public UnsupportedFormatter(string reason) => _reason = reason;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value) => throw new NotSupportedException(_reason);

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader) => throw new NotSupportedException(_reason);
}
