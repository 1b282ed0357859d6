namespace Pack.Generator.Tests.Models;

public sealed class Cat : Animal
{
    public int Lives { get; set; }
}
