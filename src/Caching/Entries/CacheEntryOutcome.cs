namespace Pack.Caching;

/// <summary>What reading a stored entry gave (docs/caching.md §3).</summary>
internal enum CacheEntryOutcome
{
    /// <summary>The entry was written by this very contract and was read directly.</summary>
    Hit,

    /// <summary>The entry was written by another contract that the compatibility check accepts, and was read.</summary>
    CompatibleHit,

    /// <summary>The entry was written by a contract this reader would misread: refused, a miss.</summary>
    Incompatible,

    /// <summary>The entry is a Pack cache entry of an envelope version this reader does not know: refused, a miss.</summary>
    Unknown,

    /// <summary>The entry is not a well-formed Pack cache entry (garbage, truncated, another serializer's bytes): refused, a miss.</summary>
    Corrupt,
}
