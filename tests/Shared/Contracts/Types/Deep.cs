using System.Collections.Immutable;

namespace Pack.ContractTests.Types;

/// <summary>Generic collections nested in each other, over nullable values, tuples, structs and unions.</summary>
public sealed class Deep
{
    public Dictionary<Guid, HashSet<string>>? Index { get; set; }

    public List<Dictionary<string, int?>>? Rows { get; set; }

    public int?[][]? Jagged { get; set; }

    public ImmutableArray<string?> Names { get; set; }

    public List<(int, string?)>? Pairs { get; set; }

    public Dictionary<Level, List<Reading>>? ByLevel { get; set; }

    public List<IPayload?>? Payloads { get; set; }

    public IReadOnlyDictionary<string, IPayload>? Named { get; set; }

    public Memory<Point> Points { get; set; }

    public decimal?[]? Amounts { get; set; }

    public string[]? Strings { get; set; }

    public List<string?>? MaybeStrings { get; set; }

    public Sample[]? Samples { get; set; }

    public IEnumerable<Sample?>? MaybeSamples { get; set; }
}
