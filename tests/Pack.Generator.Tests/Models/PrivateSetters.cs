namespace Pack.Generator.Tests.Models;

public sealed class PrivateSetters
{
    public int Id { get; private set; }

    public string? Name { get; internal set; }

    public void Set(int id, string name)
    {
        Id = id;
        Name = name;
    }
}
