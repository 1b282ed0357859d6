using System.Globalization;
using Pack.ContractTests.Randomized;

namespace Pack.ContractTests;

/// <summary>
/// The randomized differential check: random values of every contract shape (<see cref="RandomCases"/>), drawn from
/// one seed, written, read back, truncated and corrupted by this mode's formatters and by the run-time IL path's in a
/// separate load context (<see cref="ReferenceLoadContext"/>); every observation must be the same.
/// </summary>
public abstract partial class ContractSuite
{
    /// <summary>The default seed; PACK_CONTRACT_SEED=&lt;int&gt; replays another (a failure prints the one it used).</summary>
    public const int DefaultSeed = 22;

    /// <summary>Values per case: enough to reach the edges of every generator, few enough to keep each project's run short (PACK_CONTRACT_VALUES=&lt;int&gt; for a longer hunt).</summary>
    public const int ValuesPerCase = 40;

    [Theory]
    [MemberData(nameof(RandomCases.Names), MemberType = typeof(RandomCases))]
    public void SerializeAndDeserialize_RandomValues_MatchTheRunTimePath(string name)
    {
        int seed = Environment.GetEnvironmentVariable("PACK_CONTRACT_SEED") is { Length: > 0 } text ? int.Parse(text, CultureInfo.InvariantCulture) : DefaultSeed;
        int count = Environment.GetEnvironmentVariable("PACK_CONTRACT_VALUES") is { Length: > 0 } values ? int.Parse(values, CultureInfo.InvariantCulture) : ValuesPerCase;

        var observed = RandomCases.Get(name).Observe(seed, count);
        string[] reference = ReferenceLoadContext.Observe(name, seed, count);

        // PACK_CONTRACT_DUMP=<folder> keeps both sides' observations for a look at what was compared.
        if (Environment.GetEnvironmentVariable("PACK_CONTRACT_DUMP") is { Length: > 0 } dump)
        {
            Directory.CreateDirectory(dump);
            File.WriteAllLines(Path.Combine(dump, name + ".mode.txt"), observed);
            File.WriteAllLines(Path.Combine(dump, name + ".il.txt"), reference);
        }

        AssertMode(RandomCases.Get(name).AsContractCase());
        Assert.False(ReferenceLoadContext.IsGenerated(name), $"{name}: the reference resolved a generated formatter.");
        Assert.NotEqual(typeof(PackSerializer).Assembly, ReferenceLoadContext.PackAssembly);
        Assert.DoesNotContain(observed, line => (line.Contains(" write-failed ", StringComparison.Ordinal) && !line.Contains(" write-failed PackException@", StringComparison.Ordinal)) || line.Contains(" other-writes-differ ", StringComparison.Ordinal) || line.Contains(" round-trip-differs ", StringComparison.Ordinal));
        for (int i = 0; i < Math.Max(observed.Count, reference.Length); i++)
        {
            string? mine = i < observed.Count ? observed[i] : null;
            string? theirs = i < reference.Length ? reference[i] : null;
            if (mine != theirs)
            {
                Assert.Fail($"{name}, seed {seed} (PACK_CONTRACT_SEED): this mode and the run-time path differ.\n  this mode:        {mine ?? "(nothing)"}\n  run-time IL path: {theirs ?? "(nothing)"}");
            }
        }
    }
}
