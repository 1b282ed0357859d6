namespace Pack.Caching;

/// <summary>
/// The names of the meter and instruments Pack's cache serializers publish, for <c>AddMeter(PackCacheMeter.Name)</c> in
/// OpenTelemetry or a <see cref="System.Diagnostics.Metrics.MeterListener"/> (docs/caching.md §5).
/// </summary>
public static class PackCacheMeter
{
    /// <summary>The meter name, <c>Pack.Caching</c>.</summary>
    public const string Name = "Pack.Caching";

    /// <summary>
    /// Counter, <c>{entry}</c>: stored entries read, tagged <see cref="ReadTag"/>: <c>direct</c> (written by this contract)
    /// or <c>compatible</c> (written by another contract the compatibility check accepts).
    /// </summary>
    public const string Hits = "pack.cache.hits";

    /// <summary>
    /// Counter, <c>{entry}</c>: stored entries refused (a miss the caller's factory refills), tagged <see cref="ReasonTag"/>:
    /// <c>incompatible</c>, <c>unknown</c> or <c>corrupt</c>.
    /// </summary>
    public const string Misses = "pack.cache.misses";

    /// <summary>The tag of <see cref="Hits"/>.</summary>
    public const string ReadTag = "pack.cache.read";

    /// <summary>The tag of <see cref="Misses"/>.</summary>
    public const string ReasonTag = "pack.cache.reason";

    /// <summary>The tag both instruments carry: the cached type's name.</summary>
    public const string TypeTag = "pack.cache.type";
}
