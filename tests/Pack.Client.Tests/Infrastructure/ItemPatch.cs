namespace Pack.Client.Tests.Infrastructure;

public sealed class ItemPatch
{
    public string? Name { get; set; }

    public List<string> AddTags { get; set; } = [];
}
