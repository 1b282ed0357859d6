namespace Pack;

/// <summary>
/// Declares one case of a polymorphic (union) type on an abstract class or interface: the tag written on the wire
/// and the concrete type it stands for. Type names never appear on the wire.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, AllowMultiple = true, Inherited = false)]
public sealed class PackUnionAttribute : Attribute
{
    /// <summary>Creates the attribute.</summary>
    /// <param name="tag">The tag, 0 to 65534, unique within the union.</param>
    /// <param name="type">The concrete type the tag stands for.</param>
    public PackUnionAttribute(ushort tag, Type type)
    {
        Tag = tag;
        Type = type;
    }

    /// <summary>The tag written on the wire.</summary>
    public ushort Tag { get; }

    /// <summary>The concrete type.</summary>
    public Type Type { get; }
}
