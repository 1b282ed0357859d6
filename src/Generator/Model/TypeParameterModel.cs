namespace Pack.Generator.Model;

/// <summary>
/// A type parameter of a generic type whose members UnsafeAccessors reach, with its constraints: the accessors' class
/// declares the same parameters (docs/generator.md), so that the type it names is well formed.
/// </summary>
/// <param name="Name">The parameter's name (<c>TId</c>).</param>
/// <param name="ReferenceType">Whether it has the <c>class</c> constraint.</param>
/// <param name="NullableReferenceType">Whether that constraint is <c>class?</c>.</param>
/// <param name="ValueType">Whether it has the <c>struct</c> constraint (also implied by <c>unmanaged</c>).</param>
/// <param name="Unmanaged">Whether it has the <c>unmanaged</c> constraint.</param>
/// <param name="NotNull">Whether it has the <c>notnull</c> constraint.</param>
/// <param name="Constructor">Whether it has the <c>new()</c> constraint.</param>
/// <param name="AllowsRefLike">Whether it has the <c>allows ref struct</c> anti-constraint.</param>
/// <param name="ConstraintTypes">The fully qualified types it is constrained to, in declaration order.</param>
internal sealed record TypeParameterModel(
    string Name,
    bool ReferenceType,
    bool NullableReferenceType,
    bool ValueType,
    bool Unmanaged,
    bool NotNull,
    bool Constructor,
    bool AllowsRefLike,
    EquatableArray<string> ConstraintTypes);
