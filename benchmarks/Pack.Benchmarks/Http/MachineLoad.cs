using System.Globalization;

namespace Pack.Benchmarks.Http;

/// <summary>
/// A snapshot of how busy the machine is, from <c>/proc</c> (Linux; elsewhere every figure is unknown): the 1-minute load
/// average, the CPU time the whole machine has spent busy, and the CPU time of the benchmark's own processes. Two
/// snapshots give the share of the machine that <em>other</em> processes used in between, which is what tells
/// interference apart from the benchmark's own load (the load average counts both).
/// </summary>
public readonly record struct MachineLoad(double LoadAverage1, long BusyTicks, long TotalTicks, long OwnTicks)
{
    /// <summary>Takes a snapshot; <paramref name="ownProcessIds"/> are the benchmark's processes besides this one.</summary>
    public static MachineLoad Capture(params int[] ownProcessIds)
    {
        var own = ProcessTicks("self");
        foreach (var id in ownProcessIds)
        {
            own += ProcessTicks(id.ToString(CultureInfo.InvariantCulture));
        }

        var (busy, total) = MachineTicks();
        return new MachineLoad(LoadAverage(), busy, total, own);
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
