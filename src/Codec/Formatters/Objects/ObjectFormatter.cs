using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace Pack.Formatters.Objects;

/// <summary>
/// The formatter of a class, struct or record with no attributes: its members are written by IL generated once per
/// type (and per buffer-writer type), so no reflection runs per value.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class ObjectFormatter<T> : PackFormatter<T>
{
    private static readonly ObjectContract Contract = ObjectContract.For(typeof(T));

    // A struct whose members all have a fixed length is written without a header (and cannot evolve).
    private static readonly int FixedLength = typeof(T).IsValueType ? TypeLayout.GetFixedLength(typeof(T)) : -1;

    private readonly DeserializeMethod<T> _deserialize = ObjectEmitter.EmitDeserialize<T>(Contract, FixedLength < 0);

    /// <inheritdoc/>
    public override int MinimumLength => FixedLength < 0 ? 4 : FixedLength;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
        => Writer<TBufferWriter>.Method(ref writer, value!);

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader) => _deserialize(ref reader);

    /// <summary>The members, in wire order.</summary>
    internal static ObjectContract ContractOf => Contract;

    /// <summary>Whether values start with an object header (every type but a struct of fixed-width members).</summary>
    internal static bool HasHeader => FixedLength < 0;

    /// <summary>The generated writer for one buffer-writer type.</summary>
    /// <remarks>An instance method, so that callers holding a formatter need no annotation (only creating one does).</remarks>
    internal SerializeMethod<TBufferWriter, T> GetWriter<TBufferWriter>()
        where TBufferWriter : IBufferWriter<byte>
        => Writer<TBufferWriter>.Method;

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static class Writer<TBufferWriter>
        where TBufferWriter : IBufferWriter<byte>
    {
        public static readonly SerializeMethod<TBufferWriter, T> Method = ObjectEmitter.EmitSerialize<TBufferWriter, T>(Contract, FixedLength < 0);
    }
}
