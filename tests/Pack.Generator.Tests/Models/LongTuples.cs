namespace Pack.Generator.Tests.Models;

/// <summary>
/// Tuples of more than seven items (a <c>Rest</c>, wire-format §7) of annotated references: their items are typed by
/// type parameters, so the schema leaves them oblivious (docs/schema.md §1.4), as it does for shorter tuples. The
/// generator read the 8-item tuple's annotations from the use site (found by tests/Pack.TypeScript.Tests/RandomContracts).
/// </summary>
public sealed class LongTuples
{
    public (string?, string, List<int>, int, int, int, int, string?) Eight { get; set; }

    public ValueTuple<string, int, int, int, int, int, int, ValueTuple<string?, List<string>>> WithRest { get; set; }

    public (string?, string) Two { get; set; }
}
