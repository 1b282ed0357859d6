using Pack.Samples.Contracts;

namespace Pack.Samples.Tests.Rolling;

/// <summary>
/// <see cref="Shipment"/> as a build with <c>-p:PackSampleContract=incompatible</c> has it (contract version 3):
/// <see cref="WeightKg"/> retyped from decimal to double, which breaks the evolution rule.
/// </summary>
public sealed class IncompatibleShipment
{
    public int Id { get; set; }

    public string Carrier { get; set; } = "";

    public double WeightKg { get; set; }

    public ShipmentStatus Status { get; set; }

    public DateTimeOffset DispatchedAt { get; set; }

    public List<string> Parcels { get; set; } = [];

    public string? TrackingUrl { get; set; }

    /// <summary>The values every replica agrees on, as version 3 holds them.</summary>
    public static IncompatibleShipment Create(int id)
    {
        Shipment shared = ShipmentContract.Create(id);
        return From(shared);
    }

    public static IncompatibleShipment From(Shipment shipment) => new()
    {
        Id = shipment.Id,
        Carrier = shipment.Carrier,
        WeightKg = (double)shipment.WeightKg,
        Status = shipment.Status,
        DispatchedAt = shipment.DispatchedAt,
        Parcels = shipment.Parcels,
        TrackingUrl = shipment.TrackingUrl,
    };
}
