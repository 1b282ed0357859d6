namespace Pack.ContractTests.Types;

/// <summary>
/// A record whose constructor parameters have defaults of every constant kind: read from a payload of an older
/// contract (<see cref="DefaultsV1"/>, <see cref="DefaultsV2"/>), the members it lacks take these.
/// </summary>
public sealed record Defaults(
    int Id,
    string? Name = "dflt",
    decimal Price = 1.5m,
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
    decimal Negated = -79228162514264337593543950335m,
    double Tiny = double.Epsilon,
    Level? MaybeLevel = Level.Low,
    Guid Id2 = default)
{
    public int[]? Extra { get; init; } = [1, 2];

    public string Initialized { get; init; } = "init";
}
