namespace Pack.Tests.Fuzzing;

/// <summary>What a fuzz run did, and every invariant it saw broken (at most a few are kept in full).</summary>
public sealed class FuzzReport
{
    public long Inputs { get; set; }

    public long Decoded { get; set; }

    public long Rejected { get; set; }

    public TimeSpan Duration { get; set; }

    /// <summary>The largest <c>allocated / input length</c> seen over inputs of 64 bytes or more.</summary>
    public double MaxAllocationMultiple { get; set; }

    public long MaxAllocatedBytes { get; set; }

    public TimeSpan MaxInputTime { get; set; }

    public long ViolationCount { get; set; }

    public List<string> Violations { get; } = [];

    public Dictionary<string, long> InputsByTarget { get; } = [];

    public override string ToString() =>
        $"{Inputs:N0} inputs ({Decoded:N0} decoded, {Rejected:N0} rejected) in {Duration.TotalSeconds:F1} s; max allocation {MaxAllocatedBytes:N0} B, "
        + $"max multiple {MaxAllocationMultiple:F2}x; slowest input {MaxInputTime.TotalMilliseconds:F2} ms; {ViolationCount} violations; "
        + string.Join(", ", InputsByTarget.Select(pair => $"{pair.Key} {pair.Value:N0}"));
}
