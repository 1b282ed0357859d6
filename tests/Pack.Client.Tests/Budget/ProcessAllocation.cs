namespace Pack.Client.Tests.Budget;

/// <summary>
/// Measures what the whole process allocates around a read over a real connection, where the read's continuations run on
/// pool threads that <see cref="GC.GetAllocatedBytesForCurrentThread"/> on the test's thread cannot see. Tests that use
/// it run in <see cref="ProcessAllocationCollection"/>, alone, so no other test's allocation is counted.
/// </summary>
public static class ProcessAllocation
{
    /// <summary>How many times <see cref="MeasureAsync"/> runs the read; it keeps the least.</summary>
    private const int Runs = 3;

    /// <summary>
    /// Runs <paramref name="read"/> <see cref="Runs"/> times and returns the least the process allocated during one run,
    /// and what the last run threw. Work of the process that is not the read's (a connection pool's timer, a host of an
    /// earlier test still shutting down) can only add to a run, while a read that allocates past its bound does so in
    /// every run, so the least is the read's own cost.
    /// </summary>
    public static async Task<(long Allocated, Exception? Exception)> MeasureAsync(Func<Task> read)
    {
        long least = long.MaxValue;
        Exception? exception = null;
        for (int run = 0; run < Runs; run++)
        {
            long before = GC.GetTotalAllocatedBytes(precise: true);
            exception = await Record.ExceptionAsync(read);
            least = Math.Min(least, GC.GetTotalAllocatedBytes(precise: true) - before);
        }

        return (least, exception);
    }

    /// <summary>What one user-code call allocates: <paramref name="create"/> measured on this thread.</summary>
    public static long OfUserCode(Func<object> create)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(create());
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
