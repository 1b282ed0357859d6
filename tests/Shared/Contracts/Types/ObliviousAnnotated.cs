#nullable disable

namespace Pack.ContractTests.Types;

/// <summary>Members declared under <c>#nullable disable</c>: every reference position is oblivious (docs/schema.md §1.4).</summary>
public sealed class ObliviousAnnotated
{
    public string Name { get; set; }

    public List<string> Tags { get; set; }

    public AnnotatedChild Child { get; set; }
}
