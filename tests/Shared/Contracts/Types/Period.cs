namespace Pack.ContractTests.Types;

/// <summary>A constructor parameter whose tuple element names differ from the property's (drift class c).</summary>
public sealed class Period
{
    public Period(string name, (DateOnly From, DateOnly To) range)
    {
        Name = name;
        Range = range;
    }

    public string Name { get; }

    public (DateOnly Start, DateOnly End) Range { get; }
}
