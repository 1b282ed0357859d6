using MemoryPack;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>MemoryPack's attributed copy of <see cref="FirstUseWarmUp"/>.</summary>
[MemoryPackable]
public sealed partial class FirstUseWarmUpContract
{
    /// <summary>An int.</summary>
    public int Id { get; set; }

    /// <summary>A string.</summary>
    public string? Name { get; set; }
}
