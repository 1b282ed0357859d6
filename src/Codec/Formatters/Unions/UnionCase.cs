using System.Buffers;

namespace Pack.Formatters.Unions;

/// <summary>One case of a union: writes and reads the concrete type through its own formatter.</summary>
/// <typeparam name="TUnion">The union's base type.</typeparam>
internal abstract class UnionCase<TUnion>
{
    protected UnionCase(ushort tag, Type type)
    {
        Tag = tag;
        Type = type;
    }

    public ushort Tag { get; }

    public Type Type { get; }

    public abstract void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TUnion value)
        where TBufferWriter : IBufferWriter<byte>;

    public abstract TUnion? Deserialize(ref PackReader reader);
}
