using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;

namespace Pack.ContractTests.Types;

/// <summary>
/// C# nullable annotations at every kind of reference position (docs/schema.md §1.4): the bytes are those of the same
/// members without annotations; the schema's contract form records them.
/// </summary>
public sealed class Annotated
{
    public string Name { get; set; } = "";

    public string? Nickname { get; set; }

    public List<string?> Tags { get; set; } = [];

    public List<string>? Labels { get; set; }

    public string?[] Aliases { get; set; } = [];

    public Dictionary<int, List<string>>? Index { get; set; }

    public Annotated? Parent { get; set; }

    public required AnnotatedChild Child { get; set; }

    public List<AnnotatedChild?>? Children { get; set; }

    public ImmutableArray<string> Frozen { get; set; } = [];

    public int? Count { get; set; }

    [MaybeNull]
    public string Maybe { get; set; } = "";

    public KeyValuePair<string, string?> Pair { get; set; }

    public ObliviousAnnotated? Legacy { get; set; }
}
