namespace Pack.Client.Tests.Budget;

/// <summary>
/// Measures what the whole process allocates around a read over a real connection, where the read's continuations run on
/// pool threads that <see cref="GC.GetAllocatedBytesForCurrentThread"/> on the test's thread cannot see. Tests that use
/// it run in <see cref="ProcessAllocationCollection"/>, alone, so no other test's allocation is counted.
/// </summary>
public static class ProcessAllocation
{
    /// <summary>Runs <paramref name="read"/> and returns the bytes the process allocated meanwhile and what it threw.</summary>
    public static async Task<(long Allocated, Exception? Exception)> MeasureAsync(Func<Task> read)
    {
        long before = GC.GetTotalAllocatedBytes(precise: true);
        var exception = await Record.ExceptionAsync(read);
        long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        return (allocated, exception);
    }

    /// <summary>What one user-code call allocates: <paramref name="create"/> measured on this thread.</summary>
    public static long OfUserCode(Func<object> create)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(create());
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
