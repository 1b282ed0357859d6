using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>Contexts nested in partial types: one reaching a private type of its host, one nested twice.</summary>
internal static partial class NestedContextHost
{
    [PackSerializable(typeof(Secret))]
    internal partial class SecretContext : PackSerializerContext;

    internal partial struct Inner
    {
        /// <summary>Box's private setter and init accessor are reached through UnsafeAccessors in a generic class.</summary>
        [PackSerializable(typeof(Box<string>))]
        internal partial class BoxContext : PackSerializerContext;
    }

    /// <summary>A type only a context nested in this host can reach.</summary>
    private sealed record Secret(int Id, string Name, List<int> Codes);

    /// <summary>Writes a secret through the nested context and the IL path and reads it back through the former.</summary>
    public static (byte[] Generated, byte[] Il, string Read) RoundTrip(int id, string name, List<int> codes)
    {
        var value = new Secret(id, name, codes);
        var generated = SecretContext.Default.GetFormatter<Secret>()!;
        byte[] bytes = Codec.Write(generated, value);
        var read = Codec.Read(generated, bytes)!;
        return (bytes, Codec.Write(Codec.Il<Secret>()!, value), $"{read.Id} {read.Name} {string.Join(',', read.Codes)}");
    }
}
