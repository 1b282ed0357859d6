namespace Pack.ContractTests.Types;

public enum Level : byte
{
    Low = 1,
    High = 2,
}
