using System.Text.Json.Serialization;

#pragma warning disable CA1051, CA1815, CA1819, CA2227 // Test DTOs: public fields, arrays and settable collections are the shapes under test.

namespace Pack.Generator.Tests.Models;

public class Everything
{
    public int Id { get; set; }

    public long Stamp { get; set; }

    public bool Active { get; set; }

    public bool Archived { get; set; }

    public float Score { get; set; }

    public Level Level { get; set; }

    public Guid Key { get; set; }

    public decimal Price { get; set; }

    public DateTime When { get; set; }

    public DateTimeOffset Offset { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public TimeSpan Span { get; set; }

    public string? Text { get; set; }

    public int? MaybeInt { get; set; }

    public FixedPair? MaybePair { get; set; }

    public FixedPair Pair { get; set; }

    public FixedPair[]? Pairs { get; set; }

    public ReadOnlyPoint Point { get; set; }

    public List<InitOnly>? Children { get; set; }

    public Dictionary<string, Page<int>>? Pages { get; set; }

    public IReadOnlyList<Animal?>? Animals { get; set; }

    public IFigure[]? Figures { get; set; }

    public HashSet<Level>? Levels { get; set; }

    public IReadOnlyDictionary<int, string?>? Names { get; set; }

    public Memory<byte> Bytes { get; set; }

    public Everything? Next { get; set; }

    public int Field;

    [PackIgnore]
    public int Ignored { get; set; }

    [JsonIgnore]
    public int JsonIgnored { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? JsonKept { get; set; }
}
