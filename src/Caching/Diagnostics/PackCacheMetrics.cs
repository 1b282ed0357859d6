using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace Pack.Caching;

/// <summary>
/// The <c>Pack.Caching</c> meter's instruments: one instance per service provider (created through
/// <see cref="IMeterFactory"/>), and <see cref="Shared"/> for the <c>IDistributedCache</c> extensions, which have no
/// service provider. Every recording checks <see cref="Instrument.Enabled"/> first.
/// </summary>
internal sealed class PackCacheMetrics
{
    private readonly Counter<long> _hits;
    private readonly Counter<long> _misses;

    public PackCacheMetrics(IMeterFactory? meterFactory)
    {
        var meter = meterFactory?.Create(PackCacheMeter.Name) ?? new Meter(PackCacheMeter.Name);
        _hits = meter.CreateCounter<long>(PackCacheMeter.Hits, "{entry}", "Stored Pack cache entries read (direct: same contract; compatible: another contract the compatibility check accepts).");
        _misses = meter.CreateCounter<long>(PackCacheMeter.Misses, "{entry}", "Stored Pack cache entries refused and refilled (incompatible, unknown, corrupt).");
    }

    /// <summary>The instruments of the <c>IDistributedCache</c> extensions, on a meter of their own.</summary>
    public static PackCacheMetrics Shared { get; } = new(null);

    public void Record(CacheEntryOutcome outcome, Type type)
    {
        var counter = outcome is CacheEntryOutcome.Hit or CacheEntryOutcome.CompatibleHit ? _hits : _misses;
        if (!counter.Enabled)
        {
            return;
        }

        var tags = new TagList
        {
            { PackCacheMeter.TypeTag, type.Name },
            outcome switch
            {
                CacheEntryOutcome.Hit => new KeyValuePair<string, object?>(PackCacheMeter.ReadTag, "direct"),
                CacheEntryOutcome.CompatibleHit => new KeyValuePair<string, object?>(PackCacheMeter.ReadTag, "compatible"),
                CacheEntryOutcome.Incompatible => new KeyValuePair<string, object?>(PackCacheMeter.ReasonTag, "incompatible"),
                CacheEntryOutcome.Unknown => new KeyValuePair<string, object?>(PackCacheMeter.ReasonTag, "unknown"),
                _ => new KeyValuePair<string, object?>(PackCacheMeter.ReasonTag, "corrupt"),
            },
        };
        counter.Add(1, tags);
    }
}
