namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// Makes sure a G2 process prepares exactly one benchmark: the measured round trip must be the first use of its type (and
/// for <c>AfterOtherType = false</c>, of its serializer) in the process. BenchmarkDotNet's default toolchain starts a
/// process per benchmark and launch; an in-process toolchain would reuse one, and the second setup refuses to run.
/// </summary>
internal static class FirstUseProcess
{
    private static string? claimedBy;

    /// <summary>Claims this process for <paramref name="benchmark"/>, or throws if another setup already ran in it.</summary>
    public static void Claim(string benchmark)
    {
        if (claimedBy is not null)
        {
            throw new InvalidOperationException(
                $"G2 needs a fresh process per benchmark: this process already prepared {claimedBy}, so {benchmark} would not be a first use.");
        }

        claimedBy = benchmark;
    }
}
