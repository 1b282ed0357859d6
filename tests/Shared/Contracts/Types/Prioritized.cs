namespace Pack.ContractTests.Types;

/// <summary>
/// A record whose Nullable constructor parameters have declared defaults (issue 42): read from a payload of
/// <see cref="PrioritizedV1"/>, each member it lacks takes its parameter's default, not null; the zero constants
/// (<c>Rush = false</c>, <c>Big = 0</c>) are values too, so the schema records them as defaults.
/// </summary>
public sealed record Prioritized(
    int Id,
    int? Priority = 5,
    bool? Rush = false,
    Level? Tier = Level.High,
    double? Weight = 0.5,
    char? Mark = 'x',
    long? Big = 0,
    float? Scale = float.NaN,
    ulong? Huge = ulong.MaxValue,
    int? Unset = null);
