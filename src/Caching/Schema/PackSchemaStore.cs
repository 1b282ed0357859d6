using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.Extensions.Caching.Distributed;

namespace Pack.Caching;

/// <summary>
/// The writers' schemas by contract fingerprint, kept in the same <see cref="IDistributedCache"/> as the entries
/// (docs/caching.md §2.1): a writer stores its schema once per process, a reader that meets another fingerprint reads
/// it from here. Store failures are never thrown: a schema that cannot be stored is tried again on a later write, one
/// that cannot be read leaves the entry unknown (a miss).
/// </summary>
internal sealed class PackSchemaStore
{
    /// <summary>The key of a schema: this prefix and the contract fingerprint's 16 hex digits.</summary>
    public const string KeyPrefix = "pack-schema:";

    private static readonly ConditionalWeakTable<IDistributedCache, PackSchemaStore> Stores = new();

    private readonly IDistributedCache _cache;
    private readonly ConcurrentDictionary<ulong, bool> _written = new();

    public PackSchemaStore(IDistributedCache cache) => _cache = cache;

    /// <summary>The one store of <paramref name="cache"/> (so a process writes each schema to it once).</summary>
    public static PackSchemaStore For(IDistributedCache cache) => Stores.GetValue(cache, static c => new PackSchemaStore(c));

    /// <summary>The key under which the schema of <paramref name="contractFingerprint"/> is stored.</summary>
    public static string Key(ulong contractFingerprint) => KeyPrefix + PackCacheEntryFormat.FormatFingerprint(contractFingerprint);

    /// <summary>Stores the contract's schema unless this process already did (in the background; a failure is retried on a later call).</summary>
    public void EnsureWritten(CacheContract contract)
    {
        if (_written.ContainsKey(contract.ContractFingerprint) || !_written.TryAdd(contract.ContractFingerprint, true))
        {
            return;
        }

        _ = WriteAsync(contract);
    }

    /// <summary>Stores the contract's schema unless this process already did, and waits for the store.</summary>
    public Task EnsureWrittenAsync(CacheContract contract, CancellationToken cancellationToken) =>
        _written.TryAdd(contract.ContractFingerprint, true) ? WriteAsync(contract, cancellationToken) : Task.CompletedTask;

    private async Task WriteAsync(CacheContract contract, CancellationToken cancellationToken = default)
    {
        try
        {
            await _cache.SetAsync(Key(contract.ContractFingerprint), contract.SchemaUtf8, new DistributedCacheEntryOptions(), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Unreachable, slow or full store: the next write of this type tries again; entries stay readable by this contract.
            _written.TryRemove(contract.ContractFingerprint, out _);
        }
    }

    /// <summary>The stored schema of <paramref name="contractFingerprint"/>, or <see langword="null"/> when there is none or the store fails.</summary>
    public byte[]? Find(ulong contractFingerprint)
    {
        try
        {
            return _cache.Get(Key(contractFingerprint));
        }
        catch (Exception)
        {
            return null;
        }
    }
}
