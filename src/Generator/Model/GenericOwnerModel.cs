namespace Pack.Generator.Model;

/// <summary>
/// A generic type (or a type nested in one) that declares members or a constructor generated code reaches through
/// UnsafeAccessors: the contract's own type or a base type of it (<c>Entity&lt;TId&gt;</c>). Its accessors live in a
/// generic class whose type parameters are the type's, every containing type's first; the call sites close that class
/// over the type arguments.
/// </summary>
/// <param name="Definition">The fully qualified name of the generic definition (<c>global::App.Entity&lt;TId&gt;</c>), the accessors' target.</param>
/// <param name="TypeParameters">The definition's type parameters, outermost containing type's first.</param>
/// <param name="TypeArguments">The fully qualified type arguments the contract's type gives them (<c>global::System.Guid</c>), in the same order.</param>
internal sealed record GenericOwnerModel(
    string Definition,
    EquatableArray<TypeParameterModel> TypeParameters,
    EquatableArray<string> TypeArguments);
