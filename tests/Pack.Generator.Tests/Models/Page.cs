namespace Pack.Generator.Tests.Models;

public sealed class Page<T>
{
    public List<T> Items { get; set; } = [];

    public int Total { get; set; }
}
