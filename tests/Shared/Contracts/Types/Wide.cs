namespace Pack.ContractTests.Types;

/// <summary>An enum over a signed 64-bit value, flags included.</summary>
[Flags]
public enum Wide : long
{
    None = 0,
    Low = 1,
    Negative = long.MinValue,
}
