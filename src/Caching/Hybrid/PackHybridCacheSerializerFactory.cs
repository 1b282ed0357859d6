using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Metrics;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace Pack.Caching;

/// <summary>
/// HybridCache's serializer factory for Pack: a serializer for every type whose schema Pack knows (docs/schema.md §4;
/// under Native AOT, the roots of a registered <see cref="PackSerializerContext"/>). For any other type it declines, and
/// HybridCache uses its next factory or its default (JSON) serializer.
/// </summary>
internal sealed class PackHybridCacheSerializerFactory : IHybridCacheSerializerFactory
{
    private readonly PackCacheMetrics _metrics;
    private readonly ILogger _logger;
    private readonly PackSchemaStore? _store;

    /// <param name="meterFactory">Where the meter comes from.</param>
    /// <param name="loggerFactory">Where the log comes from.</param>
    /// <param name="distributedCache">HybridCache's second level, which also holds the writers' schemas (docs/caching.md §2.1); without one only this process's own entries are read.</param>
    public PackHybridCacheSerializerFactory(IMeterFactory? meterFactory = null, ILoggerFactory? loggerFactory = null, IDistributedCache? distributedCache = null)
    {
        _store = distributedCache is null ? null : PackSchemaStore.For(distributedCache);
        _metrics = new PackCacheMetrics(meterFactory);
        _logger = loggerFactory?.CreateLogger(PackCacheLog.Category) ?? NullLogger.Instance;
    }

    /// <inheritdoc/>
    public bool TryCreateSerializer<T>([NotNullWhen(true)] out IHybridCacheSerializer<T>? serializer)
    {
        serializer = PackCacheEntry<T>.Contract is null ? null : new PackHybridCacheSerializer<T>(_metrics, _logger, _store);
        return serializer is not null;
    }
}
