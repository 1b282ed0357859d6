using Pack.Samples.Contracts;

namespace Pack.Samples.Tests.Rolling;

/// <summary><see cref="Shipment"/> as contract version 1 had it: the same members, without the trailing TrackingUrl.</summary>
public sealed class PreviousShipment
{
    public int Id { get; set; }

    public string Carrier { get; set; } = "";

    public decimal WeightKg { get; set; }

    public ShipmentStatus Status { get; set; }

    public DateTimeOffset DispatchedAt { get; set; }

    public List<string> Parcels { get; set; } = [];
}
