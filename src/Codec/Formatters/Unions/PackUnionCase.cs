using System.Buffers;
using System.ComponentModel;

namespace Pack.Formatters.Unions;

/// <summary>One case of a union: writes and reads the concrete type through its own formatter. Created by <see cref="PackFormatters.UnionCase{TUnion, TCase}(ushort)"/>.</summary>
/// <typeparam name="TUnion">The union's base type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class PackUnionCase<TUnion>
{
    private protected PackUnionCase(ushort tag, Type type)
    {
        Tag = tag;
        Type = type;
    }

    /// <summary>The case's tag on the wire.</summary>
    public ushort Tag { get; }

    /// <summary>The concrete type of the case.</summary>
    public Type Type { get; }

    internal abstract void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TUnion value)
        where TBufferWriter : IBufferWriter<byte>;

    internal abstract TUnion? Deserialize(ref PackReader reader);
}
