namespace Pack;

/// <summary>
/// Fixes a member's position in the Pack encoding of its type. Without it members follow declaration order
/// (base type first; within a type, properties then fields). If any member of a type has it, all must.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
public sealed class PackOrderAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="order">The member's position; members are written in ascending order.</param>
    public PackOrderAttribute(int order) => Order = order;

    /// <summary>The member's position.</summary>
    public int Order { get; }
}
