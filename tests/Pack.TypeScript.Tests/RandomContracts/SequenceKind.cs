namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>The sequences a random contract uses (wire-format §5): all are a count and the elements. Named as the C# generic type.</summary>
public enum SequenceKind
{
    Array,
    List,
    HashSet,
    IReadOnlyList,
    ImmutableArray,
    Memory,
}
