namespace Pack.Caching;

/// <summary>What reading a Pack cache entry from an <c>IDistributedCache</c> gave: a value, or a miss.</summary>
/// <typeparam name="T">The type read.</typeparam>
public readonly struct PackCacheResult<T>
{
    /// <summary>A hit holding <paramref name="value"/>.</summary>
    /// <param name="value">The value read (which may be <see langword="null"/>: a cached null is a hit).</param>
    public PackCacheResult(T? value)
    {
        Found = true;
        Value = value;
    }

    /// <summary>Whether an entry was read: <see langword="false"/> when there was none, or it was refused (docs/caching.md §3).</summary>
    public bool Found { get; }

    /// <summary>The value, when <see cref="Found"/>.</summary>
    public T? Value { get; }
}
