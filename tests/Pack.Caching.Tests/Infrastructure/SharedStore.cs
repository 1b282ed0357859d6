using System.Collections.Concurrent;
using Microsoft.Extensions.Caching.Distributed;

namespace Pack.Caching.Tests;

/// <summary>
/// An in-process <see cref="IDistributedCache"/> that several hosts share, standing in for Redis in the tests that do
/// not need one. (HybridCache ignores <c>MemoryDistributedCache</c> as a second level, since it would duplicate L1.)
/// Expiration is not modelled: entries live until overwritten or removed.
/// </summary>
internal sealed class SharedStore : IDistributedCache
{
    public ConcurrentDictionary<string, byte[]> Entries { get; } = new();

    /// <summary>
    /// Waits until the entry at <paramref name="key"/> holds <paramref name="marker"/>: HybridCache writes the second
    /// level after it has answered the caller, so a test that reads from another host waits for the write first.
    /// </summary>
    public async Task WaitForAsync(string key, string marker)
    {
        byte[] expected = System.Text.Encoding.UTF8.GetBytes(marker);
        for (int i = 0; i < 500; i++)
        {
            if (Entries.TryGetValue(key, out var value) && value.AsSpan().IndexOf(expected) >= 0)
            {
                return;
            }

            await Task.Delay(10);
        }

        Assert.Fail($"The entry {key} never held {marker}.");
    }

    public byte[]? Get(string key) => Entries.TryGetValue(key, out var value) ? value : null;

    public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => Task.FromResult(Get(key));

    public void Refresh(string key)
    {
    }

    public Task RefreshAsync(string key, CancellationToken token = default) => Task.CompletedTask;

    public void Remove(string key) => Entries.TryRemove(key, out _);

    public Task RemoveAsync(string key, CancellationToken token = default)
    {
        Remove(key);
        return Task.CompletedTask;
    }

    public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => Entries[key] = value;

    public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default)
    {
        Set(key, value, options);
        return Task.CompletedTask;
    }
}
