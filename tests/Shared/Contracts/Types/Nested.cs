namespace Pack.ContractTests.Types;

/// <summary>Nested generic collections, nullable values and unions as elements.</summary>
public sealed class Nested
{
    public Dictionary<string, List<int[]>>? Map { get; set; }

    public List<Point?>? Points { get; set; }

    public HashSet<Level>? Levels { get; set; }

    public IReadOnlyDictionary<int, Expr>? Trees { get; set; }

    public List<IShape?>? Shapes { get; set; }

    public string? Text { get; set; }
}
