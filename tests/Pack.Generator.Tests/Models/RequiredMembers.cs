namespace Pack.Generator.Tests.Models;

public sealed class RequiredMembers
{
    public required int Id { get; set; }

    public required string Name { get; set; }

    public int Extra { get; set; } = 7;
}
