namespace Pack.Generator.Tests;

public sealed class LateDto
{
    public string? Name { get; set; }
}
