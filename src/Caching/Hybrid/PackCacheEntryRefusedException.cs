namespace Pack.Caching;

/// <summary>
/// What <see cref="PackHybridCacheSerializer{T}"/> throws for a refused entry: HybridCache catches a serializer's failure
/// on a stored entry, logs it and treats the entry as a miss (the caller never sees it).
/// </summary>
internal sealed class PackCacheEntryRefusedException : InvalidOperationException
{
    public PackCacheEntryRefusedException(CacheEntryOutcome outcome, string reason)
        : base($"The Pack cache entry was refused ({outcome}): {reason}")
    {
        Outcome = outcome;
    }

    public CacheEntryOutcome Outcome { get; }
}
