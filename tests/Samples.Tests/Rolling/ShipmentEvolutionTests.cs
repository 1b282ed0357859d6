using Pack.Samples.Contracts;

namespace Pack.Samples.Tests.Rolling;

/// <summary>The two directions of the rolling upgrade at the codec level: each version reads the other's payload.</summary>
public sealed class ShipmentEvolutionTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(4999)]
    public void Deserialize_CurrentPayloadAsPrevious_KeepsEveryMemberThePreviousVersionKnows(int id)
    {
        Shipment current = ShipmentContract.Create(id);

        PreviousShipment? previous = PackSerializer.Deserialize<PreviousShipment>(PackSerializer.Serialize(current));

        Assert.NotNull(previous);
        Assert.Equal(current.Id, previous.Id);
        Assert.Equal(current.Carrier, previous.Carrier);
        Assert.Equal(current.WeightKg, previous.WeightKg);
        Assert.Equal(current.Status, previous.Status);
        Assert.Equal(current.DispatchedAt, previous.DispatchedAt);
        Assert.Equal(current.Parcels, previous.Parcels);
    }

    [Fact]
    public void Deserialize_PreviousPayloadAsCurrent_LeavesTrackingUrlNull()
    {
        var previous = new PreviousShipment
        {
            Id = 12,
            Carrier = "Ålandsfrakt",
            WeightKg = 3.5m,
            Status = ShipmentStatus.Delivered,
            DispatchedAt = new DateTimeOffset(2026, 11, 2, 10, 30, 0, TimeSpan.FromHours(1)),
            Parcels = ["P-12-1", "P-12-2"],
        };

        Shipment? current = PackSerializer.Deserialize<Shipment>(PackSerializer.Serialize(previous));

        Assert.NotNull(current);
        Assert.Equal(previous.Id, current.Id);
        Assert.Equal(previous.Carrier, current.Carrier);
        Assert.Equal(previous.WeightKg, current.WeightKg);
        Assert.Equal(previous.Status, current.Status);
        Assert.Equal(previous.DispatchedAt, current.DispatchedAt);
        Assert.Equal(previous.Parcels, current.Parcels);
        Assert.Null(current.TrackingUrl);
    }

    [Fact]
    public void Serialize_CurrentAndPrevious_DifferOnlyByTheTrailingMember()
    {
        Shipment current = ShipmentContract.Create(7);
        current.TrackingUrl = null;
        byte[] withNull = PackSerializer.Serialize(current);
        PreviousShipment previous = PackSerializer.Deserialize<PreviousShipment>(withNull)!;

        byte[] previousBytes = PackSerializer.Serialize(previous);

        // A top-level object is fe ff ff ff, a u16 member count, then the members (docs/wire-format.md §6.2): the
        // counts are 7 and 6, the six members' bytes are the same, and the current version's seventh (a null string) follows.
        Assert.Equal(7, BitConverter.ToUInt16(withNull, 4));
        Assert.Equal(6, BitConverter.ToUInt16(previousBytes, 4));
        Assert.Equal(previousBytes[6..], withNull[6..previousBytes.Length]);
        Assert.True(withNull.Length > previousBytes.Length);
    }
}
