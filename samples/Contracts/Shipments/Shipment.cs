namespace Pack.Samples.Contracts;

/// <summary>
/// A shipment, the DTO of the rolling-upgrade scenario (docs/rolling-upgrade.md). Contract version 2 added
/// <see cref="TrackingUrl"/> as the newest trailing member; a build with <c>-p:PackSampleContract=previous</c> compiles
/// version 1, without it, to play the replica that has not been upgraded yet. Members are only ever added at the end:
/// Pack's evolution rule (docs/wire-format.md §11). A build with <c>-p:PackSampleContract=incompatible</c> breaks that
/// rule on purpose (<see cref="WeightKg"/> retyped to <see cref="double"/>): the replica whose answers clients must
/// refuse with the violation list (<c>PackSchemaMismatchException</c>) instead of reading the wrong values.
/// </summary>
public sealed class Shipment
{
    public int Id { get; set; }

    public string Carrier { get; set; } = "";

#if PACK_INCOMPATIBLE_CONTRACT
    public double WeightKg { get; set; }
#else
    public decimal WeightKg { get; set; }
#endif

    public ShipmentStatus Status { get; set; }

    public DateTimeOffset DispatchedAt { get; set; }

    public List<string> Parcels { get; set; } = [];

#if !PACK_PREVIOUS_CONTRACT
    /// <summary>Added in contract version 2. A version-1 reader skips it; a version-1 writer leaves it null.</summary>
    public string? TrackingUrl { get; set; }
#endif
}
