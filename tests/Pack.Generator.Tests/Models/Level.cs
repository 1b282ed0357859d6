namespace Pack.Generator.Tests.Models;

public enum Level : short
{
    Low = 1,
    High = 300,
}
