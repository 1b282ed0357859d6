namespace Pack.Tests;

public class PackSerializerEvolutionTests
{
    public class CustomerV1
    {
        public int Id { get; set; }
        public string? Name { get; set; }
    }

    public class CustomerV2
    {
        public int Id { get; set; }
        public string? Name { get; set; }
        public string? Email { get; set; }
        public int Tier { get; set; } = 3;
        public List<string>? Tags { get; set; }
    }

    public record OrderV1(int Id, decimal Total);

    public record OrderV2(int Id, decimal Total, string Currency = "EUR", int Priority = 5);

    public enum Huge : ulong
    {
        Small = 1,
        Max = ulong.MaxValue,
    }

    public record FlagsV1(int Id);

    public record FlagsV2(int Id, Huge Level = Huge.Max, Huge Other = Huge.Small);

    public class EnvelopeV1
    {
        public CustomerV1? Customer { get; set; }
        public int After { get; set; }
    }

    public class EnvelopeV2
    {
        public CustomerV2? Customer { get; set; }
        public int After { get; set; }
    }

    public class PointV1
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public class PointV2
    {
        public int X { get; set; }
        public int Y { get; set; }
        public long Z { get; set; } = 7;
        public double W { get; set; } = 0.5;
    }

    [Fact]
    public void Deserialize_RunOfFixedWidthMembersPartlyWritten_ReadsWhatWasWrittenAndDefaultsTheRest()
    {
        // The reader reads X..W as one run when all four were written, and member by member when only a prefix was.
        var upgraded = PackSerializer.Deserialize<PointV2>(PackSerializer.Serialize(new PointV1 { X = 1, Y = 2 }))!;
        var nested = PackSerializer.Deserialize<List<PointV2>>(PackSerializer.Serialize(new List<PointV1> { new() { X = 3, Y = 4 }, new() { X = 5, Y = 6 } }))!;
        var downgraded = PackSerializer.Deserialize<List<PointV1>>(PackSerializer.Serialize(new List<PointV2> { new() { X = 8, Y = 9, Z = 10, W = 11 } }))!;
        var same = PackSerializer.Deserialize<PointV2>(PackSerializer.Serialize(new PointV2 { X = -1, Y = -2, Z = -3, W = -4 }))!;

        Assert.Equal((1, 2, 7L, 0.5), (upgraded.X, upgraded.Y, upgraded.Z, upgraded.W));
        Assert.Equal([(3, 4, 7L, 0.5), (5, 6, 7L, 0.5)], nested.Select(p => (p.X, p.Y, p.Z, p.W)));
        Assert.Equal((8, 9), (downgraded[0].X, downgraded[0].Y));
        Assert.Equal((-1, -2, -3L, -4.0), (same.X, same.Y, same.Z, same.W));
    }

    [Fact]
    public void Deserialize_NewPayloadWithOldType_SkipsUnknownTrailingMembers()
    {
        var v2 = new CustomerV2 { Id = 1, Name = "Ann", Email = "ann@example.com", Tier = 9, Tags = ["vip"] };

        var v1 = PackSerializer.Deserialize<CustomerV1>(PackSerializer.Serialize(v2))!;

        Assert.Equal((1, "Ann"), (v1.Id, v1.Name));
    }

    [Fact]
    public void Deserialize_OldPayloadWithNewType_DefaultsMissingMembersKeepingInitializers()
    {
        var v1 = new CustomerV1 { Id = 2, Name = "Bob" };

        var v2 = PackSerializer.Deserialize<CustomerV2>(PackSerializer.Serialize(v1))!;

        Assert.Equal((2, "Bob", (string?)null, 3), (v2.Id, v2.Name, v2.Email, v2.Tier));
        Assert.Null(v2.Tags);
    }

    [Fact]
    public void Deserialize_NestedObjectsInBothDirections_KeepTheFollowingMembersAligned()
    {
        var fromNew = PackSerializer.Deserialize<EnvelopeV1>(PackSerializer.Serialize(new EnvelopeV2 { Customer = new CustomerV2 { Id = 1, Email = "x", Tags = ["a"] }, After = 77 }))!;
        var fromOld = PackSerializer.Deserialize<EnvelopeV2>(PackSerializer.Serialize(new EnvelopeV1 { Customer = new CustomerV1 { Id = 2, Name = "n" }, After = 88 }))!;

        Assert.Equal((1, 77), (fromNew.Customer!.Id, fromNew.After));
        Assert.Equal((2, "n", 3, 88), (fromOld.Customer!.Id, fromOld.Customer.Name, fromOld.Customer.Tier, fromOld.After));
    }

    [Fact]
    public void Deserialize_ParameterDefaultOfAUlongEnumAboveLongMaxValue_IsTheDefault()
    {
        // The run-time path could not build this formatter (OverflowException converting the default to a long); found
        // by tests/Pack.TypeScript.Tests/RandomContracts.
        var upgraded = PackSerializer.Deserialize<FlagsV2>(PackSerializer.Serialize(new FlagsV1(3)))!;

        Assert.Equal(new FlagsV2(3, Huge.Max, Huge.Small), upgraded);
        Assert.Equal(new FlagsV2(4, Huge.Small, Huge.Max), PackSerializer.Deserialize<FlagsV2>(PackSerializer.Serialize(new FlagsV2(4, Huge.Small, Huge.Max))));
    }

    [Fact]
    public void Deserialize_RecordsWithAddedConstructorParameters_UseParameterDefaults()
    {
        var upgraded = PackSerializer.Deserialize<OrderV2>(PackSerializer.Serialize(new OrderV1(5, 9.99m)))!;
        var downgraded = PackSerializer.Deserialize<OrderV1>(PackSerializer.Serialize(new OrderV2(6, 1m, "USD", 1)))!;

        Assert.Equal(new OrderV2(5, 9.99m, "EUR", 5), upgraded);
        Assert.Equal(new OrderV1(6, 1m), downgraded);
    }

    [Fact]
    public void Deserialize_ListsOfEvolvedObjects_RoundTripInBothDirections()
    {
        var newList = new List<CustomerV2> { new() { Id = 1, Email = "e" }, new() { Id = 2, Tags = ["t"] } };
        var oldList = new List<CustomerV1> { new() { Id = 3 }, new() { Id = 4, Name = "d" } };

        var asOld = PackSerializer.Deserialize<List<CustomerV1>>(PackSerializer.Serialize(newList))!;
        var asNew = PackSerializer.Deserialize<List<CustomerV2>>(PackSerializer.Serialize(oldList))!;

        Assert.Equal([1, 2], asOld.Select(c => c.Id));
        Assert.Equal([3, 4], asNew.Select(c => c.Id));
        Assert.Equal("d", asNew[1].Name);
    }
}
