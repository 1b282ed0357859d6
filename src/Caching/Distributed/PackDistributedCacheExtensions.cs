using System.Buffers;
using Microsoft.Extensions.Logging;
using Pack.Caching;

namespace Microsoft.Extensions.Caching.Distributed;

/// <summary>
/// Pack cache entries (docs/caching.md) in an <see cref="IDistributedCache"/>, for code that uses the cache directly:
/// the same envelope and the same rules as the HybridCache serializer, so the two can share a store.
/// </summary>
public static class PackDistributedCacheExtensions
{
    /// <summary>
    /// Reads the entry at <paramref name="key"/>. An entry written by a compatible contract is read; one that is
    /// incompatible, of an unknown envelope version or corrupt is a miss (counted on <see cref="PackCacheMeter.Misses"/> and
    /// logged to <paramref name="logger"/>), never a misread and never an exception.
    /// </summary>
    /// <typeparam name="T">The type to read; Pack must know its schema (docs/schema.md §4).</typeparam>
    /// <param name="cache">The cache.</param>
    /// <param name="key">The key.</param>
    /// <param name="logger">Where a refused entry is logged, or <see langword="null"/>.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>Whether an entry was read, and its value.</returns>
    /// <exception cref="NotSupportedException">Pack does not know the schema of <typeparamref name="T"/>.</exception>
    /// <remarks>A failure of the store itself (Redis unreachable, a timeout) propagates, as <see cref="IDistributedCache.GetAsync"/>'s does; <see cref="GetOrCreatePackAsync"/> bypasses the store instead.</remarks>
    public static async Task<PackCacheResult<T>> GetFromPackAsync<T>(this IDistributedCache cache, string key, ILogger? logger = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        EnsureSupported<T>();
        var bytes = await cache.GetAsync(key, cancellationToken).ConfigureAwait(false);
        if (bytes is null)
        {
            return default;
        }

        var read = PackCacheEntry<T>.Read(new ReadOnlySequence<byte>(bytes), PackSchemaStore.For(cache));
        PackCacheMetrics.Shared.Record(read.Outcome, typeof(T));
        if (read.IsHit)
        {
            return new PackCacheResult<T>(read.Value);
        }

        if (logger is not null)
        {
            PackCacheLog.EntryRefused(logger, typeof(T).Name, read.Outcome, read.Reason!);
        }

        return default;
    }

    /// <summary>Stores <paramref name="value"/> at <paramref name="key"/> as a Pack cache entry.</summary>
    /// <typeparam name="T">The type to write; Pack must know its schema (docs/schema.md §4).</typeparam>
    /// <param name="cache">The cache.</param>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The entry's expiration, or <see langword="null"/> for the store's default.</param>
    /// <param name="cancellationToken">Cancels the write.</param>
    /// <exception cref="NotSupportedException">Pack does not know the schema of <typeparamref name="T"/>.</exception>
    public static async Task SetAsPackAsync<T>(this IDistributedCache cache, string key, T value, DistributedCacheEntryOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        EnsureSupported<T>();
        var buffer = new ArrayBufferWriter<byte>();
        PackCacheEntry<T>.Write(buffer, value, store: null);
        await PackSchemaStore.For(cache).EnsureWrittenAsync(PackCacheEntry<T>.Contract!, cancellationToken).ConfigureAwait(false);
        options ??= new DistributedCacheEntryOptions();
        if (cache is IBufferDistributedCache buffered)
        {
            await buffered.SetAsync(key, new ReadOnlySequence<byte>(buffer.WrittenMemory), options, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await cache.SetAsync(key, buffer.WrittenMemory.ToArray(), options, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Reads the entry at <paramref name="key"/>, or runs <paramref name="factory"/> and stores its value when there is
    /// none or it is refused (docs/caching.md §3). A failing store is bypassed: a read that fails is a miss and a write
    /// that fails is dropped, each logged to <paramref name="logger"/>, so the caller gets the factory's value whatever
    /// the store does; how long a failing store can hold a call is the store's own timeout (docs/caching.md §6).
    /// </summary>
    /// <typeparam name="T">The type; Pack must know its schema (docs/schema.md §4).</typeparam>
    /// <param name="cache">The cache.</param>
    /// <param name="key">The key.</param>
    /// <param name="factory">Makes the value on a miss.</param>
    /// <param name="options">The new entry's expiration, or <see langword="null"/> for the store's default.</param>
    /// <param name="logger">Where refused entries and store failures are logged, or <see langword="null"/>.</param>
    /// <param name="cancellationToken">Cancels the call.</param>
    /// <returns>The cached or the new value.</returns>
    /// <exception cref="NotSupportedException">Pack does not know the schema of <typeparamref name="T"/>.</exception>
    public static async Task<T> GetOrCreatePackAsync<T>(this IDistributedCache cache, string key, Func<CancellationToken, ValueTask<T>> factory, DistributedCacheEntryOptions? options = null, ILogger? logger = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(factory);
        EnsureSupported<T>();
        try
        {
            var cached = await cache.GetFromPackAsync<T>(key, logger, cancellationToken).ConfigureAwait(false);
            if (cached.Found)
            {
                return cached.Value!;
            }
        }
        catch (Exception exception) when (!cancellationToken.IsCancellationRequested && exception is not NotSupportedException)
        {
            LogStoreFailure(logger, key, "get", exception);
        }

        var value = await factory(cancellationToken).ConfigureAwait(false);
        try
        {
            await cache.SetAsPackAsync(key, value, options, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (!cancellationToken.IsCancellationRequested && exception is not NotSupportedException)
        {
            LogStoreFailure(logger, key, "set", exception);
        }

        return value;
    }

    private static void EnsureSupported<T>()
    {
        if (PackCacheEntry<T>.Contract is null)
        {
            throw new NotSupportedException($"Pack does not know the schema of {typeof(T)} (docs/schema.md §4), so it does not cache it.");
        }
    }

    private static void LogStoreFailure(ILogger? logger, string key, string operation, Exception exception)
    {
        if (logger is not null)
        {
            PackCacheLog.StoreFailed(logger, key, operation, exception.Message, exception);
        }
    }
}
