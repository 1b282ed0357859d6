namespace Pack.Caching;

/// <summary>
/// Pack's HybridCache serializer refused a stored entry (docs/caching.md §3): it was written by a contract this reader
/// would misread, by an envelope version it does not know, or is not a Pack cache entry. The value is not read.
/// <c>GetOrCreatePackAsync</c> catches it and refills the entry; a plain <c>GetOrCreateAsync</c> hands it to its caller,
/// because HybridCache does not treat a serializer's failure as a miss (docs/caching.md §4).
/// </summary>
public sealed class PackCacheEntryRefusedException : Exception
{
    internal PackCacheEntryRefusedException(CacheEntryOutcome outcome, string reason)
        : base($"The Pack cache entry was refused ({outcome.ToString().ToLowerInvariant()}): {reason}")
    {
        Outcome = outcome;
    }

    internal CacheEntryOutcome Outcome { get; }
}
