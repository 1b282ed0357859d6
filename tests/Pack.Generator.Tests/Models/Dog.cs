namespace Pack.Generator.Tests.Models;

public sealed class Dog : Animal
{
    public bool GoodBoy { get; set; }
}
