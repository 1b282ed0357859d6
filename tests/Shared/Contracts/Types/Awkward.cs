using System.Collections.Immutable;

namespace Pack.ContractTests.Types;

/// <summary>Collections of fixed-width and padded structs, struct keys, nullable structs and tuples, and a generic class.</summary>
public sealed class Awkward
{
    public ImmutableArray<Point> Points { get; set; }

    public ArraySegment<Padded> PaddedSegment { get; set; }

    public ReadOnlyMemory<Sample> Samples { get; set; }

    public List<Mark>? Marks { get; set; }

    public HashSet<Point>? PointSet { get; set; }

    public Dictionary<Point, Padded>? ByPoint { get; set; }

    public Dictionary<(int, long), string?>? ByTuple { get; set; }

    public Dictionary<DateTimeOffset, double>? ByTime { get; set; }

    public HashSet<double>? Doubles { get; set; }

    public (int, string?)? MaybeTuple { get; set; }

    public GenericFixed<int, long>? MaybeFixed { get; set; }

    public Dot? MaybeDot { get; set; }

    public Wide Wide { get; set; }

    public Wide[]? Wides { get; set; }

    public Envelope<Token>? Tokens { get; set; }

    public Envelope<int>? Numbers { get; set; }

    public KeyValuePair<string, int>[]? Pairs { get; set; }
}
