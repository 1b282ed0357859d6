using System.Globalization;
using System.Runtime;

namespace Pack.Benchmarks.Http;

/// <summary>
/// What the server process reports about itself at <c>/stats</c>: bytes allocated since it started, and its working set
/// and peak working set (<c>VmRSS</c>, <c>VmHWM</c> from <c>/proc/self/status</c>; elsewhere the .NET figures).
/// </summary>
public sealed record ServerStats(long AllocatedBytes, long WorkingSet, long PeakWorkingSet, bool ServerGc, int ProcessId)
{
    /// <summary>The path that returns the stats.</summary>
    public const string Path = "/stats";

    /// <summary>The path that collects garbage and resets the peak working set (Linux: <c>clear_refs</c> 5), then returns the stats.</summary>
    public const string ResetPath = "/stats/reset-peak";

    /// <summary>The path that builds the H3 organization of <c>?members=N</c> without sending it.</summary>
    public const string PreparePath = "/stats/prepare";

    /// <summary>This process's figures now.</summary>
    public static ServerStats Capture()
    {
        long rss = -1, hwm = -1;
        try
        {
            foreach (var line in File.ReadLines("/proc/self/status"))
            {
                if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
                {
                    rss = Kilobytes(line);
                }
                else if (line.StartsWith("VmHWM:", StringComparison.Ordinal))
                {
                    hwm = Kilobytes(line);
                }
            }
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
        }

        using var process = System.Diagnostics.Process.GetCurrentProcess();
        return new ServerStats(
            GC.GetTotalAllocatedBytes(precise: true),
            rss >= 0 ? rss : process.WorkingSet64,
            hwm >= 0 ? hwm : process.PeakWorkingSet64,
            GCSettings.IsServerGC,
            Environment.ProcessId);
    }

    /// <summary>Collects garbage and resets the kernel's peak working set, so that the next peak is the next request's.</summary>
    public static ServerStats ResetPeak()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        try
        {
            File.WriteAllText("/proc/self/clear_refs", "5");
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // Not Linux, or not allowed: the peak then covers the process's whole life, which the report says.
        }

        return Capture();
    }

    private static long Kilobytes(string line) =>
        long.Parse(line.AsSpan(6).Trim().TrimEnd("kB").Trim(), CultureInfo.InvariantCulture) * 1024;
}
