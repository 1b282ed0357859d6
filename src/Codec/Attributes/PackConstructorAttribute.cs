namespace Pack;

/// <summary>Chooses the constructor Pack calls when reading a type. <c>[JsonConstructor]</c> is honoured too.</summary>
[AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false)]
public sealed class PackConstructorAttribute : Attribute
{
}
