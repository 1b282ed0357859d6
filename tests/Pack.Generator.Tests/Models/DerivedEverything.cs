namespace Pack.Generator.Tests.Models;

public sealed class DerivedEverything : Everything
{
    public string? More { get; set; }
}
