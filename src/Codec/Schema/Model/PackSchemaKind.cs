namespace Pack.Schema;

/// <summary>The kind of a type in a <see cref="PackSchema"/> (docs/schema.md §1.1).</summary>
public enum PackSchemaKind
{
    /// <summary>A fixed-width primitive or a string.</summary>
    Primitive,

    /// <summary>An enum: its underlying integer.</summary>
    Enum,

    /// <summary>A .NET <c>Nullable&lt;T&gt;</c>: a presence byte, then the element.</summary>
    Nullable,

    /// <summary>A sequence: count, then elements.</summary>
    List,

    /// <summary>A set: as a list; a reader rejects repeated elements.</summary>
    Set,

    /// <summary>A dictionary: count, then key/value pairs.</summary>
    Map,

    /// <summary>A class, record or struct with a header (a body length when nested).</summary>
    Object,

    /// <summary>A struct of fixed-width members: no header, cannot evolve.</summary>
    FrozenStruct,

    /// <summary>An abstract class or interface with tagged cases.</summary>
    Union,
}
