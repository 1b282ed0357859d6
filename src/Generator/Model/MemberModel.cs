namespace Pack.Generator.Model;

/// <summary>One serialized member of an object contract.</summary>
/// <param name="Name">The property's or field's name.</param>
/// <param name="DeclaringType">The fully qualified name of the base type that declares the member, or <see langword="null"/> when the contract's own type does.</param>
/// <param name="DeclaringGeneric">When <paramref name="DeclaringType"/> is generic (or nested in a generic type), its definition, type parameters and arguments, for the accessors of the member; else <see langword="null"/>.</param>
/// <param name="IsField">Whether the member is a field (else a property).</param>
/// <param name="GetterName">The name of a property's get accessor method (<c>get_Id</c>).</param>
/// <param name="SetterName">The name of a property's set or init accessor method, or <see langword="null"/>.</param>
/// <param name="ParameterIndex">The constructor parameter bound to this member, or -1.</param>
/// <param name="DefaultValue">The bound parameter's default value, or <see langword="null"/> for the zero value.</param>
/// <param name="TypeName">The fully qualified type name.</param>
/// <param name="AccessorTypeName">The member's type in the type parameters of the generic definition that declares it (<c>T</c>), or <paramref name="TypeName"/>.</param>
/// <param name="GetterAccessible">Whether generated code can read the member directly.</param>
/// <param name="SetterAccessible">Whether generated code can assign the member directly.</param>
/// <param name="PlainSize">The fixed-width wire size when plain (memory image = wire form), else 0.</param>
/// <param name="IsBoolean">Whether the member is a <see cref="bool"/> (plain on write, validated on read).</param>
/// <param name="Primitive">The full name of the built-in type the writer and reader have a method of their own for (<c>System.Int32</c>), or <see langword="null"/>.</param>
/// <param name="StorageField">The field that holds the value in memory (the field itself, or an auto-property's backing field), or <see langword="null"/>.</param>
/// <param name="StorageAccessible">Whether generated code can take a reference to <paramref name="StorageField"/> directly.</param>
/// <param name="LayoutOffset">For a member of a blittable candidate, the offset its storage field must have (the wire offset), else -1.</param>
/// <param name="NestedLayout">For a struct-typed member of a blittable candidate, the member's type, whose own layout check must hold too; else <see langword="null"/>.</param>
internal sealed record MemberModel(
    string Name,
    string? DeclaringType,
    GenericOwnerModel? DeclaringGeneric,
    bool IsField,
    string? GetterName,
    string? SetterName,
    int ParameterIndex,
    ConstantModel? DefaultValue,
    string TypeName,
    string AccessorTypeName,
    bool GetterAccessible,
    bool SetterAccessible,
    int PlainSize,
    bool IsBoolean,
    string? Primitive,
    string? StorageField,
    bool StorageAccessible,
    int LayoutOffset,
    string? NestedLayout);
