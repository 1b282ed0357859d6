using System.Diagnostics;
using Pack.AspNetCore.Tests.Fuzzing;
using Pack.Tests.Fuzzing;

namespace Pack.Fuzz;

/// <summary>
/// Replays saved inputs (a corpus, AFL's queue, its crashes) through a target outside AFL: prints each violation with
/// its exception, then the worst allocation multiple (inputs of 64 bytes or more) and the slowest input per byte.
/// </summary>
internal static class Replay
{
    public static async Task<int> RunAsync(string target, string[] paths)
    {
        var files = paths.SelectMany(path => Directory.Exists(path)
            ? Directory.EnumerateFiles(path, "*", SearchOption.AllDirectories).Where(file => !Path.GetFileName(file).StartsWith('.') && !file.EndsWith("README.txt", StringComparison.Ordinal))
            : [path]).Order(StringComparer.Ordinal).ToList();
        await using var http = target == "http" ? await HttpCoverageTarget.StartAsync().ConfigureAwait(false) : null;
        int failures = 0, decoded = 0;
        double worstRatio = 0, worstMicrosPerByte = 0;
        string worstRatioInput = "-", slowestInput = "-";
        foreach (var file in files)
        {
            var input = File.ReadAllBytes(file);
            try
            {
                if (http is not null)
                {
                    var started = Stopwatch.GetTimestamp();
                    var status = await http.RunAsync(input).ConfigureAwait(false);
                    decoded += (int)status is >= 200 and < 300 ? 1 : 0;
                    Track(Stopwatch.GetElapsedTime(started).TotalMicroseconds / Math.Max(1, input.Length), file, ref worstMicrosPerByte, ref slowestInput);
                    continue;
                }

                var run = CoverageTargets.Run(target, input);
                decoded += run.Decoded ? 1 : 0;
                if (input.Length >= 64)
                {
                    Track(run.Ratio, $"{file} ({run.Type}, {input.Length} B)", ref worstRatio, ref worstRatioInput);
                }

                Track(run.Elapsed.TotalMicroseconds / Math.Max(1, input.Length), file, ref worstMicrosPerByte, ref slowestInput);
            }
#pragma warning disable CA1031 // a replay reports every violation, whatever its type, and goes on
            catch (Exception exception)
#pragma warning restore CA1031
            {
                failures++;
                Console.WriteLine($"VIOLATION {file}: {exception}");
            }
        }

        Console.WriteLine($"replay {target}: {files.Count} inputs, {decoded} decoded, {failures} violations; worst allocation multiple (n >= 64) {worstRatio:F1} x [{worstRatioInput}]; slowest {worstMicrosPerByte:F2} us/byte [{slowestInput}]");
        return failures == 0 ? 0 : 1;
    }

    private static void Track(double value, string what, ref double worst, ref string worstWhat)
    {
        if (value > worst)
        {
            worst = value;
            worstWhat = what;
        }
    }
}
