namespace Pack.ContractTests.Types;

/// <summary>
/// A record whose constructor parameters have defaults of every constant kind: read from a payload of an older
/// contract (<see cref="DefaultsV1"/>, <see cref="DefaultsV2"/>), the members it lacks take these. Only defaults the
/// generator knows at compile time (docs/schema.md §4.1; not decimal constants, not a non-empty collection), so that its
/// schema constants stay comparable with the run-time schema (GeneratedSchemaTests).
/// </summary>
public sealed record Defaults(
    int Id,
    string? Name = "dflt",
    double Ratio = double.NaN,
    float Scale = float.NegativeInfinity,
    char Mark = '\uffff',
    string? Nothing = null,
    Level Level = Level.High,
    Wide Wide = Wide.Negative,
    DateTime At = default,
    long? Maybe = 5,
    int? MaybeNull = null,
    bool Flag = true,
    byte Small = 255,
    sbyte Negative = -1,
    uint Unsigned = uint.MaxValue,
    ulong Huge = ulong.MaxValue,
    short Short = short.MinValue,
    double Tiny = double.Epsilon,
    Level? MaybeLevel = Level.Low,
    Guid Id2 = default)
{
    public int[]? Extra { get; init; } = [];

    public decimal Price { get; init; }

    public string Initialized { get; init; } = "init";
}
