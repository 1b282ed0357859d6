using System.Buffers;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Logging;

namespace Pack.Caching;

/// <summary>
/// HybridCache's serializer for one type: writes Pack cache entries (docs/caching.md §2) and reads them by the rules of
/// §3. An entry that is refused (incompatible, unknown, corrupt) is counted, logged, and thrown as
/// <see cref="PackCacheEntryRefusedException"/>, which <c>GetOrCreatePackAsync</c> turns into a miss that refills the
/// entry (HybridCache itself hands a serializer's failure to the caller, docs/caching.md §4).
/// </summary>
/// <typeparam name="T">The cached type.</typeparam>
internal sealed class PackHybridCacheSerializer<T> : IHybridCacheSerializer<T>
{
    private readonly PackCacheMetrics _metrics;
    private readonly ILogger _logger;
    private readonly PackSchemaStore? _store;

    public PackHybridCacheSerializer(PackCacheMetrics metrics, ILogger logger, PackSchemaStore? store)
    {
        _metrics = metrics;
        _logger = logger;
        _store = store;
    }

    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source)
    {
        var read = PackCacheEntry<T>.Read(source, _store);
        _metrics.Record(read.Outcome, typeof(T));
        if (read.IsHit)
        {
            return read.Value!;
        }

        PackCacheLog.EntryRefused(_logger, typeof(T).Name, read.Outcome, read.Reason!);
        throw new PackCacheEntryRefusedException(read.Outcome, read.Reason!);
    }

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => PackCacheEntry<T>.Write(target, value, _store);
}
