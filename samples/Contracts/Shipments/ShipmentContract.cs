using System.Globalization;

namespace Pack.Samples.Contracts;

/// <summary>The contract version this build of <see cref="Shipment"/> has, and the values both versions agree on.</summary>
public static class ShipmentContract
{
    /// <summary>The response header in which a replica names the contract version it was built with.</summary>
    public const string VersionHeader = "X-Contract-Version";

    /// <summary>The response header in which a replica names itself.</summary>
    public const string ReplicaHeader = "X-Replica";

    /// <summary>
    /// The response header of <c>GET /api/shipments/{id}/cached</c> in which a replica names what it has read from the
    /// shared cache since it started: <c>instance=…; direct=N; compatible=N; incompatible=N; unknown=N; corrupt=N</c>
    /// (docs/rolling-upgrade.md, the shared cache).
    /// </summary>
    public const string CacheReadsHeader = "X-Cache-Reads";

    /// <summary>
    /// The counts <see cref="CacheReadsHeader"/> carries, in order: the <c>pack.cache.read</c> values of the
    /// <c>Pack.Caching</c> meter, then its <c>pack.cache.reason</c> ones (docs/caching.md §5).
    /// </summary>
    public static System.Collections.ObjectModel.ReadOnlyCollection<string> CacheReadOutcomes { get; } =
        Array.AsReadOnly(["direct", "compatible", "incompatible", "unknown", "corrupt"]);

#if PACK_INCOMPATIBLE_CONTRACT
    /// <summary>Version 3, which breaks the evolution rule: <see cref="Shipment.WeightKg"/> retyped to double (MEMBER_RETYPED).</summary>
    public const int Version = 3;
#elif PACK_PREVIOUS_CONTRACT
    /// <summary>Version 1: <see cref="Shipment"/> without <c>TrackingUrl</c>.</summary>
    public const int Version = 1;
#else
    /// <summary>Version 2: <see cref="Shipment"/> with <see cref="Shipment.TrackingUrl"/>.</summary>
    public const int Version = 2;
#endif

    /// <summary>
    /// The shipment with this id, the same in every replica (so a client can check any answer); the version-2 member is
    /// filled only by a version-2 build.
    /// </summary>
    public static Shipment Create(int id) => new()
    {
        Id = id,
        Carrier = (id % 3) switch { 0 => "Posten", 1 => "DHL", _ => "Ålandsfrakt" },
#if PACK_INCOMPATIBLE_CONTRACT
        WeightKg = (double)(0.25m + (id % 400 * 0.125m)),
#else
        WeightKg = 0.25m + (id % 400 * 0.125m),
#endif
        Status = (ShipmentStatus)(id % 3),
        DispatchedAt = new DateTimeOffset(2026, 11, 1, 8, 0, 0, TimeSpan.Zero).AddMinutes(id % 10_000),
        Parcels = [.. Enumerable.Range(1, 1 + (id % 4)).Select(n => string.Create(CultureInfo.InvariantCulture, $"P-{id}-{n}"))],
#if !PACK_PREVIOUS_CONTRACT
        TrackingUrl = string.Create(CultureInfo.InvariantCulture, $"https://track.example/{id}"),
#endif
    };
}
