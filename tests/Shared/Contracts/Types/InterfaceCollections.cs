using System.Collections.Immutable;

namespace Pack.ContractTests.Types;

/// <summary>Collections whose formatters once read through List/array formatters a context never emits (drift class e).</summary>
public sealed class InterfaceCollections
{
    public IList<int>? List { get; set; }

    public IReadOnlyList<string>? ReadOnlyList { get; set; }

    public IEnumerable<long>? Sequence { get; set; }

    public ICollection<Guid>? Collection { get; set; }

    public ImmutableArray<int> ImmutableArray { get; set; }

    public ImmutableList<string>? ImmutableList { get; set; }

    public IImmutableList<short>? ImmutableListInterface { get; set; }

    public Memory<byte> Memory { get; set; }

    public ReadOnlyMemory<int> ReadOnlyMemory { get; set; }

    public ArraySegment<short> Segment { get; set; }
}
