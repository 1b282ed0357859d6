namespace Pack.Samples.Contracts;

public enum ShipmentStatus
{
    Packed,
    InTransit,
    Delivered,
}
