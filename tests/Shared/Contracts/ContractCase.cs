using System.Buffers;
using Pack.Formatters;

namespace Pack.ContractTests;

/// <summary>One value of the shared contract suite, read and written through whatever formatter the process resolves for its type.</summary>
public abstract class ContractCase
{
    protected ContractCase(string name) => Name = name;

    public string Name { get; }

    /// <summary>The type whose formatter is resolved at the top level.</summary>
    public abstract Type Type { get; }

    /// <summary>The bytes of the value, through <see cref="PackSerializer.Serialize{T}(T, PackSerializerOptions?)"/>.</summary>
    public abstract byte[] Write();

    /// <summary>Reads <paramref name="bytes"/> and writes the result again, with the allocation the read charged to its budget.</summary>
    public abstract (byte[] Bytes, long Charged) ReadAndWrite(byte[] bytes);

    /// <summary>Reads <paramref name="bytes"/> through <see cref="PackSerializer.Deserialize{T}(ReadOnlySpan{byte}, PackSerializerOptions?)"/>.</summary>
    public abstract void Read(byte[] bytes);

    /// <summary>The type that declares the formatter resolved for <see cref="Type"/> (a generated context's, or null for Pack's own).</summary>
    public abstract Type? FormatterHost();

    public override string ToString() => Name;
}
