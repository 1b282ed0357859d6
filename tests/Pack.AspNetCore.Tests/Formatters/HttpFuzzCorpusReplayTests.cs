using Pack.AspNetCore.Tests.Fuzzing;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Replays the HTTP target's saved corpus (<c>fuzz/corpus/http</c>) through <see cref="HttpCoverageTarget"/>, the app
/// and invariant the coverage-guided fuzzer uses: every answer 2xx, or 400/413/415 <c>application/problem+json</c>.
/// </summary>
public sealed class HttpFuzzCorpusReplayTests
{
    [Fact]
    public async Task Post_SavedHttpCorpus_IsAnsweredWithSuccessOrA4xxProblem()
    {
        var files = Directory.GetFiles(Path.Combine(CorpusRoot(), "http"));
        Assert.True(files.Length >= HttpCoverageTarget.Paths.Count, $"only {files.Length} inputs");

        await using var target = await HttpCoverageTarget.StartAsync();
        var failures = new List<string>();
        int succeeded = 0;
        foreach (var file in files)
        {
            try
            {
                succeeded += (int)await target.RunAsync(File.ReadAllBytes(file)) is >= 200 and < 300 ? 1 : 0;
            }
            catch (InvalidOperationException exception)
            {
                failures.Add($"{Path.GetFileName(file)}: {exception.Message}");
            }
        }

        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures));
        Assert.True(succeeded >= HttpCoverageTarget.Paths.Count, $"only {succeeded} inputs succeeded; every endpoint's seed should");
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
