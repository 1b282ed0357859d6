namespace Pack.Generator.Tests.Models;

public sealed class InitOnly
{
    public int Id { get; init; }

    public string Name { get; init; } = "unnamed";

    public bool Flag { get; init; }

    public double Ratio { get; init; }
}
