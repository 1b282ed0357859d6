namespace Pack;

/// <summary>
/// Asks the Pack source generator to generate the formatters of <see cref="Type"/> and of every type reachable from it
/// (members, collection elements, dictionary keys and values, nullable underlying types, union cases). Put it on a
/// <see langword="partial"/> class deriving from <see cref="PackSerializerContext"/>; the types themselves need no attributes.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
public sealed class PackSerializableAttribute : Attribute
{
    /// <summary>Declares a root type of the context.</summary>
    /// <param name="type">The type to generate formatters for.</param>
    public PackSerializableAttribute(Type type) => Type = type;

    /// <summary>The root type.</summary>
    public Type Type { get; }
}
