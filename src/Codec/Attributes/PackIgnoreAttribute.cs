namespace Pack;

/// <summary>Leaves a property or field out of the Pack encoding of its type.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
public sealed class PackIgnoreAttribute : Attribute
{
}
