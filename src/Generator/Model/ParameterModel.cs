namespace Pack.Generator.Model;

/// <summary>A constructor parameter as its generic definition declares it (<c>T value</c>), for the constructor's UnsafeAccessor.</summary>
/// <param name="TypeName">The fully qualified type name, in the definition's type parameters.</param>
/// <param name="Name">The parameter's name.</param>
internal sealed record ParameterModel(string TypeName, string Name);
