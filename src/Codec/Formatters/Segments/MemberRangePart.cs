using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using Pack.Formatters.Objects;

namespace Pack.Formatters.Segments;

/// <summary>Members of the top-level object with no safe point inside, written at once by generated code.</summary>
/// <typeparam name="T">The type of the top-level object.</typeparam>
internal sealed class MemberRangePart<T> : ObjectPart<T>
{
    private readonly SerializeMethod<IBufferWriter<byte>, T> _write;

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public MemberRangePart(ObjectContract contract, int start, int count)
        => _write = ObjectEmitter.EmitSerializeMembers<IBufferWriter<byte>, T>(contract, start, count);

    /// <inheritdoc/>
    public override bool Write(ref PackWriter<IBufferWriter<byte>> writer, T value, ref SegmentCursor cursor, long limit)
    {
        _write(ref writer, value);
        return true;
    }
}
