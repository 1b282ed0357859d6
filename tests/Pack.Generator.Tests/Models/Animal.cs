namespace Pack.Generator.Tests.Models;

[PackUnion(0, typeof(Cat))]
[PackUnion(7, typeof(Dog))]
public abstract class Animal
{
    public string? Name { get; set; }
}
