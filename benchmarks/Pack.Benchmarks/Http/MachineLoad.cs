using System.Globalization;

namespace Pack.Benchmarks.Http;

/// <summary>
/// A snapshot of how busy the machine is, from <c>/proc</c> (Linux; elsewhere every figure is unknown): the 1-minute load
/// average, the CPU time the whole machine has spent busy, and the CPU time of the benchmark's own processes. Two
/// snapshots give the share of the machine that <em>other</em> processes used in between, which is what tells
/// interference apart from the benchmark's own load (the load average counts both).
/// </summary>
public readonly record struct MachineLoad(double LoadAverage1, long BusyTicks, long TotalTicks, long SelfTicks, long ServerTicks)
{
    // USER_HZ, the unit /proc reports process times in: 100 on every Linux architecture .NET runs on.
    private const int ClockTicksPerSecond = 100;

    /// <summary>The CPU time of this process and the server's, in clock ticks.</summary>
    public long OwnTicks => SelfTicks + ServerTicks;

    /// <summary>Takes a snapshot; <paramref name="serverProcessId"/> is the benchmark's other process (the server).</summary>
    public static MachineLoad Capture(int serverProcessId)
    {
        var self = ProcessTicks("self");
        var server = ProcessTicks(serverProcessId.ToString(CultureInfo.InvariantCulture));
        var (busy, total) = MachineTicks();
        return new MachineLoad(LoadAverage(), busy, total, self, server);
    }

    /// <summary>
    /// The CPU time (user and system) this process and the server used between two snapshots, in microseconds per call:
    /// the cost of one request on each side, which unlike RPS does not move with how the two processes happen to share the
    /// cores. NaN where <c>/proc</c> is not there.
    /// </summary>
    public static (double Client, double Server) CpuMicrosecondsPer(MachineLoad start, MachineLoad end, long calls)
    {
        if (calls <= 0 || end.TotalTicks <= 0 || (end.SelfTicks == 0 && end.ServerTicks == 0))
        {
            return (double.NaN, double.NaN);
        }

        const double MicrosecondsPerTick = 1_000_000.0 / ClockTicksPerSecond;
        return ((end.SelfTicks - start.SelfTicks) * MicrosecondsPerTick / calls, (end.ServerTicks - start.ServerTicks) * MicrosecondsPerTick / calls);
    }

    /// <summary>The share (0..1) of all cores that processes other than the benchmark's used between the two snapshots; NaN if unknown.</summary>
    public static double ForeignCpu(MachineLoad start, MachineLoad end)
    {
        var total = end.TotalTicks - start.TotalTicks;
        if (total <= 0 || start.BusyTicks < 0 || end.BusyTicks < 0)
        {
            return double.NaN;
        }

        var foreign = (end.BusyTicks - start.BusyTicks) - (end.OwnTicks - start.OwnTicks);
        return Math.Max(0, (double)foreign / total);
    }

    private static double LoadAverage()
    {
        try
        {
            var text = File.ReadAllText("/proc/loadavg");
            return double.Parse(text.AsSpan(0, text.IndexOf(' ', StringComparison.Ordinal)), CultureInfo.InvariantCulture);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or FormatException or ArgumentException)
        {
            return double.NaN;
        }
    }

    private static (long Busy, long Total) MachineTicks()
    {
        try
        {
            // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"; guest time is already in user.
            var line = File.ReadLines("/proc/stat").First();
            var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Take(8).Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
            var total = fields.Sum();
            var idle = fields[3] + fields[4];
            return (total - idle, total);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or FormatException or InvalidOperationException)
        {
            return (-1, -1);
        }
    }

    private static long ProcessTicks(string id)
    {
        try
        {
            // Fields after the ")" closing the command name: state is field 3, utime 14 and stime 15.
            var text = File.ReadAllText($"/proc/{id}/stat");
            var fields = text[(text.LastIndexOf(')') + 2)..].Split(' ');
            return long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or FormatException or IndexOutOfRangeException)
        {
            return 0;
        }
    }
}
