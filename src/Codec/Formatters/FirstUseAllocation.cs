namespace Pack.Formatters;

/// <summary>
/// Memory the thread spent building formatters and comparers on their first use (contracts, emitted code, caches). A
/// read can trigger that for the types it meets; it is the process's one-time cost, not the payload's, so the
/// allocation budget leaves it out of what it measures.
/// </summary>
internal static class FirstUseAllocation
{
    [ThreadStatic]
    private static long t_excluded;

    [ThreadStatic]
    private static int t_depth;

    /// <summary>The bytes this thread has spent on first uses so far.</summary>
    public static long Excluded => t_excluded;

    /// <summary>Runs <paramref name="create"/>, counting what it allocates as a first-use cost (nested first uses once).</summary>
    /// <typeparam name="TResult">What is built.</typeparam>
    /// <param name="create">Builds it.</param>
    /// <returns>What <paramref name="create"/> returned.</returns>
    public static TResult Measure<TResult>(Func<TResult> create)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        t_depth++;
        try
        {
            return create();
        }
        finally
        {
            if (--t_depth == 0)
            {
                t_excluded += GC.GetAllocatedBytesForCurrentThread() - before;
            }
        }
    }
}
