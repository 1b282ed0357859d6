using Pack.Samples.Contracts;
using Pack.Samples.WebApi.Shipments;
using Pack.Schema;

namespace Pack.Samples.Tests.Rolling;

public sealed class ShipmentClientSchemasTests
{
    [Fact]
    public void Load_Version2_IsTheSchemaOfTheCurrentShipment()
    {
        PackSchema current = PackSchema.For(typeof(Shipment));

        PackSchema version2 = ShipmentClientSchemas.Load()[1];

        Assert.Equal(current.CanonicalText, version2.CanonicalText);
        Assert.Equal(current.WireFingerprint, version2.WireFingerprint);
    }

    [Fact]
    public void Load_Version1_HasTheWireFormOfThePreviousShipment()
    {
        PackSchema version1 = ShipmentClientSchemas.Load()[0];

        Assert.Equal(PackSchema.For(typeof(PreviousShipment)).WireFingerprint, version1.WireFingerprint);
        Assert.Equal("Pack.Samples.Contracts.Shipment", version1.Label);
    }

    [Fact]
    public void Load_ReadByTheIncompatibleContract_Version2IsMemberRetypedAtWeightKg()
    {
        PackSchema version2 = ShipmentClientSchemas.Load()[1];

        IReadOnlyList<PackSchemaViolation> violations = PackSchema.CheckCompatibility(PackSchema.For(typeof(IncompatibleShipment)), version2.ToWireForm());

        PackSchemaViolation violation = Assert.Single(violations);
        Assert.Equal(PackSchemaRules.MemberRetyped, violation.RuleId);
        Assert.Contains("WeightKg", violation.Path, StringComparison.Ordinal);
    }
}
