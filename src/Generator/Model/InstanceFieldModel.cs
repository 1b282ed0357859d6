namespace Pack.Generator.Model;

/// <summary>One instance field of an object (its own or a base type's), for the instance size charged to the read's allocation budget.</summary>
/// <param name="Kind">How the field adds to the size.</param>
/// <param name="TypeName">For <see cref="InstanceFieldKind.Struct"/>, the field's type; for <see cref="InstanceFieldKind.UnnamedStruct"/>, the type that declares the field.</param>
/// <param name="Name">For <see cref="InstanceFieldKind.UnnamedStruct"/>, the field's name.</param>
internal sealed record InstanceFieldModel(InstanceFieldKind Kind, string? TypeName, string? Name);
