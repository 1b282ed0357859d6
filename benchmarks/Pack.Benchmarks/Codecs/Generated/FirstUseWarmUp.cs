namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// The unrelated type a G2 process round-trips before the measured one when <c>AfterOtherType</c> is set, so that the
/// serializer's one-time costs (its own code, its primitives) are paid and the figure is the measured type's alone.
/// Attribute-free, like the workloads; used by Pack and System.Text.Json.
/// </summary>
public sealed class FirstUseWarmUp
{
    /// <summary>An int.</summary>
    public int Id { get; set; }

    /// <summary>A string.</summary>
    public string? Name { get; set; }

    /// <summary>The value every warm-up round-trips.</summary>
    public static FirstUseWarmUp Create() => new() { Id = 7, Name = "warm-up" };
}
