using System.Text.RegularExpressions;

namespace Pack.Samples.Tests;

/// <summary>
/// The repository's shell scripts (CI, docker, benchmarks, fuzzing) run with <c>set -o pipefail</c>. Under pipefail a
/// pipeline whose reader stops early (<c>grep -q</c>, <c>grep -m</c>, <c>head</c>) fails whenever the writer is still
/// writing when the reader exits (SIGPIPE, exit 141), which depends on timing: CI once failed a passing rolling upgrade
/// because <c>docker logs … | grep -q</c> lost that race. These tests forbid the pattern in every script that sets
/// pipefail, unless the line explicitly tolerates the failure (<c>|| true</c>).
/// </summary>
public sealed partial class ShellScriptTests
{
    private static readonly string Root = RepositoryRoot.Path;

    public static TheoryData<string> Scripts()
    {
        var data = new TheoryData<string>();
        var pending = new Stack<string>();
        pending.Push(Root);
        while (pending.Count > 0)
        {
            var directory = pending.Pop();
            foreach (var sub in Directory.EnumerateDirectories(directory))
            {
                if (!SkippedDirectories.Contains(Path.GetFileName(sub)))
                {
                    pending.Push(sub);
                }
            }

            foreach (var file in Directory.EnumerateFiles(directory))
            {
                var relative = Path.GetRelativePath(Root, file).Replace('\\', '/');
                if (relative.EndsWith(".sh", StringComparison.Ordinal) || relative.StartsWith(".ci/", StringComparison.Ordinal))
                {
                    data.Add(relative);
                }
            }
        }

        return data;
    }

    [Fact]
    public void The_scripts_that_CI_runs_are_found()
    {
        var scripts = Scripts().Select(static (object[] row) => (string)row[0]).ToHashSet(StringComparer.Ordinal);

        Assert.Contains(".ci/run", scripts);
        Assert.Contains("docker/rolling-upgrade.sh", scripts);
        Assert.Contains("fuzz/run.sh", scripts);
    }

    [Theory]
    [MemberData(nameof(Scripts))]
    public void No_pipeline_under_pipefail_ends_in_a_reader_that_stops_early(string script)
    {
        var lines = File.ReadAllLines(Path.Combine(Root, script));
        if (!lines.Any(static line => PipefailPattern().IsMatch(StripComment(line))))
        {
            return;
        }

        var offending = new List<string>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (EndsInEarlyReader(lines[i]))
            {
                offending.Add($"{script}:{i + 1}: {lines[i].Trim()}");
            }
        }

        Assert.True(offending.Count == 0, "pipelines into a reader that may exit before its writer finishes:\n" + string.Join('\n', offending));
    }

    [Theory]
    [InlineData("docker logs \"$client\" 2>&1 | grep -Eq '^  api-a +v1 '", true)]
    [InlineData("counters=$(grep -o '<Counters [^>]*>' \"$trx\" | head -n 1)", true)]
    [InlineData("printf '%s' \"$answer\" | head -n 1 | grep -q ' 200 '", true)]
    [InlineData("x=$(afl-fuzz -h 2>&1 | grep -o -m1 'afl')", true)]
    [InlineData("cmd | grep -c pattern | head -1", true)]
    [InlineData("report=$(docker logs \"$client\" 2>&1)", false)]
    [InlineData("grep -Eq '^  api-a +v1 ' <<<\"$report\"", false)]
    [InlineData("grep -q pattern \"$file\"", false)]
    [InlineData("tool | grep -E '^x' | head -60 || true", false)]
    [InlineData("h2load --version 2>&1 | sed -n 1p", false)]
    [InlineData("cmd || grep -q x file", false)]
    [InlineData("# docker logs | grep -q x (a comment)", false)]
    public void The_detector_flags_the_pattern_and_only_it(string line, bool flagged)
    {
        Assert.Equal(flagged, EndsInEarlyReader(line));
    }

    private static bool EndsInEarlyReader(string line)
    {
        var code = StripComment(line).TrimEnd();
        if (code.EndsWith("|| true", StringComparison.Ordinal) || code.EndsWith("|| :", StringComparison.Ordinal))
        {
            return false;
        }

        return EarlyReaderPattern().IsMatch(code);
    }

    private static string StripComment(string line)
    {
        var trimmed = line.TrimStart();
        return trimmed.StartsWith('#') ? string.Empty : line;
    }

    private static readonly HashSet<string> SkippedDirectories = new(StringComparer.Ordinal)
    {
        ".git", "artifacts", "bin", "obj", "node_modules", "BenchmarkDotNet.Artifacts",
    };

    [GeneratedRegex(@"set\s+-[a-z]*o\s+pipefail|set\s+-o\s+pipefail")]
    private static partial Regex PipefailPattern();

    // A single pipe (not ||) followed by head, or by grep with -q, -m or -l among its flags.
    [GeneratedRegex(@"(?<!\|)\|(?!\|)\s*(head\b|grep(\s+-[A-Za-z]+)*\s+-[A-Za-z]*[qml])")]
    private static partial Regex EarlyReaderPattern();
}
