using Pack.ContractTests.Types;

namespace Pack.ContractTests;

/// <summary>What a reader gives the members an older payload lacks (docs/wire-format.md §11), under every mode.</summary>
public abstract partial class ContractSuite
{
    [Fact]
    public void Deserialize_OlderPayloadWithoutNullableParameters_GivesThemTheirDeclaredDefaults()
    {
        byte[] older = PackSerializer.Serialize(new PrioritizedV1 { Id = 7 });

        var read = PackSerializer.Deserialize<Prioritized>(older);

        AssertMode(new ContractCaseOf<Prioritized>("prioritized", () => read));
        Assert.Equal(new Prioritized(7), read);
        Assert.Equal(5, read!.Priority);
        Assert.False(read.Rush);
        Assert.Null(read.Unset);
    }

    [Fact]
    public void Deserialize_OlderPayloadWithoutDefaultedParameters_GivesEveryKindItsDefault()
    {
        byte[] older = PackSerializer.Serialize(new DefaultsV1 { Id = 3 });

        var read = PackSerializer.Deserialize<Defaults>(older)!;

        AssertMode(new ContractCaseOf<Defaults>("defaults", () => read));
        var expected = new Defaults(3);
        Assert.Equal((expected.Name, expected.Level, expected.Maybe, expected.MaybeNull, expected.MaybeLevel, expected.Flag, expected.Huge), (read.Name, read.Level, read.Maybe, read.MaybeNull, read.MaybeLevel, read.Flag, read.Huge));
        Assert.Equal(5, read.Maybe);
        Assert.Equal(Level.Low, read.MaybeLevel);
    }
}
