using Pack.Tests.Fuzzing;

namespace Pack.Tests;

/// <summary>
/// Replays the coverage-guided fuzzer's saved corpus (<c>fuzz/corpus/{span,sequence,stream}</c>: the seeds and the inputs
/// AFL++ kept, findings included) through the same invariants the harness checks (<see cref="CoverageTargets"/>).
/// </summary>
public sealed class FuzzCorpusReplayTests
{
    public static TheoryData<string> Targets => [.. CoverageTargets.Names];

    [Theory]
    [MemberData(nameof(Targets))]
    public void Replay_SavedCorpus_HoldsEveryInvariant(string target)
    {
        var files = Directory.GetFiles(Path.Combine(CorpusRoot(), target));
        Assert.True(files.Length >= CoverageTargets.Types.Count, $"{target}: the corpus has {files.Length} inputs, fewer than the seeds");

        var failures = new List<string>();
        int decoded = 0;
        foreach (var file in files)
        {
            try
            {
                decoded += CoverageTargets.Run(target, File.ReadAllBytes(file)).Decoded ? 1 : 0;
            }
            catch (InvalidOperationException exception)
            {
                failures.Add($"{Path.GetFileName(file)}: {exception.Message}");
            }
        }

        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
        Assert.True(decoded >= CoverageTargets.Types.Count, $"{target}: only {decoded} inputs decoded; the seeds alone should");
    }

    [Fact]
    public void Run_SeedOfEveryType_DecodesOnEveryTarget()
    {
        foreach (var target in CoverageTargets.Names)
        {
            for (int i = 0; i < CoverageTargets.Types.Count; i++)
            {
                Assert.True(CoverageTargets.Run(target, CoverageTargets.Seed(target, i)).Decoded, $"{target}: seed of {CoverageTargets.Types[i]}");
            }
        }
    }

    [Fact]
    public void Run_SpanAndSequenceDisagree_IsNotPossibleForATruncatedSeed()
    {
        // Every prefix of a valid payload must be rejected the same way by both readers.
        var seed = CoverageTargets.Seed("sequence", 5);
        for (int length = 1; length < seed.Length; length++)
        {
            var run = CoverageTargets.Run("sequence", seed[..length]);
            Assert.False(run.Decoded, $"prefix of {length} bytes decoded");
        }
    }

    private static string CorpusRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var corpus = Path.Combine(directory.FullName, "fuzz", "corpus");
            if (Directory.Exists(corpus))
            {
                return corpus;
            }
        }

        throw new DirectoryNotFoundException("fuzz/corpus was not found above " + AppContext.BaseDirectory);
    }
}
