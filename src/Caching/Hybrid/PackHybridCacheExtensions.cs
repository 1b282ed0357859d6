using Pack.Caching;

namespace Microsoft.Extensions.Caching.Hybrid;

/// <summary>
/// <see cref="HybridCache.GetOrCreateAsync{TState, T}(string, TState, Func{TState, CancellationToken, ValueTask{T}}, HybridCacheEntryOptions?, IEnumerable{string}?, CancellationToken)"/>
/// with Pack's refusals turned into misses (docs/caching.md §4).
/// </summary>
/// <remarks>
/// HybridCache hands a serializer's failure on a stored entry to the caller instead of treating it as a miss (10.x: the
/// exception of <c>IHybridCacheSerializer&lt;T&gt;.Deserialize</c> propagates from <c>GetOrCreateAsync</c>). Pack's
/// serializer refuses an entry it would misread with <see cref="PackCacheEntryRefusedException"/>; these methods catch it,
/// run the factory and overwrite the entry in both levels, so the caller gets a value and never the exception.
/// </remarks>
public static class PackHybridCacheExtensions
{
    private const HybridCacheEntryFlags RefillFlags = HybridCacheEntryFlags.DisableLocalCacheRead | HybridCacheEntryFlags.DisableDistributedCacheRead;

    /// <summary>Gets the entry at <paramref name="key"/>, or creates it with <paramref name="factory"/> when there is none or Pack refused it.</summary>
    /// <typeparam name="T">The cached type.</typeparam>
    /// <param name="cache">The cache.</param>
    /// <param name="key">The key.</param>
    /// <param name="factory">Makes the value on a miss.</param>
    /// <param name="options">The entry's options, or <see langword="null"/> for the cache's defaults.</param>
    /// <param name="tags">The entry's tags, or <see langword="null"/>.</param>
    /// <param name="cancellationToken">Cancels the call.</param>
    /// <returns>The cached or the new value.</returns>
    public static ValueTask<T> GetOrCreatePackAsync<T>(this HybridCache cache, string key, Func<CancellationToken, ValueTask<T>> factory, HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(factory);
        return cache.GetOrCreatePackAsync(key, factory, static (factory, token) => factory(token), options, tags, cancellationToken);
    }

    /// <summary>Gets the entry at <paramref name="key"/>, or creates it with <paramref name="factory"/> when there is none or Pack refused it.</summary>
    /// <typeparam name="TState">The factory's state.</typeparam>
    /// <typeparam name="T">The cached type.</typeparam>
    /// <param name="cache">The cache.</param>
    /// <param name="key">The key.</param>
    /// <param name="state">The factory's state.</param>
    /// <param name="factory">Makes the value on a miss.</param>
    /// <param name="options">The entry's options, or <see langword="null"/> for the cache's defaults.</param>
    /// <param name="tags">The entry's tags, or <see langword="null"/>.</param>
    /// <param name="cancellationToken">Cancels the call.</param>
    /// <returns>The cached or the new value.</returns>
    public static async ValueTask<T> GetOrCreatePackAsync<TState, T>(this HybridCache cache, string key, TState state, Func<TState, CancellationToken, ValueTask<T>> factory, HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(factory);
        try
        {
            return await cache.GetOrCreateAsync(key, state, factory, options, tags, cancellationToken).ConfigureAwait(false);
        }
        catch (PackCacheEntryRefusedException)
        {
            // Counted and logged by the serializer. Neither level is read again (L1 holds the refused bytes too); the
            // factory's value is written to both, over the refused entry.
            var refill = new HybridCacheEntryOptions
            {
                Expiration = options?.Expiration,
                LocalCacheExpiration = options?.LocalCacheExpiration,
                Flags = (options?.Flags ?? HybridCacheEntryFlags.None) | RefillFlags,
            };
            return await cache.GetOrCreateAsync(key, state, factory, refill, tags, cancellationToken).ConfigureAwait(false);
        }
    }
}
