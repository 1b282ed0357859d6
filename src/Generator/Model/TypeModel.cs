using Pack.Formatters.Collections;

namespace Pack.Generator.Model;

/// <summary>One type of a context's closure and how it is written.</summary>
/// <param name="Name">The fully qualified C# name.</param>
/// <param name="ShortName">
/// The type's own name as the CLR gives it (<c>Type.Name</c>: <c>Order</c>, <c>ValueTuple`2</c>), for the formatter's
/// class name and for error messages, which must name the type with the run-time path's words.
/// </param>
/// <param name="IsValueType">Whether the type is a struct.</param>
/// <param name="Kind">Which built-in formatter writes it, or <see cref="ShapeKind.Object"/>.</param>
/// <param name="Collection">The row of the shared CollectionTable of a <see cref="ShapeKind.Collection"/>, else <see cref="CollectionKind.None"/>.</param>
/// <param name="Arguments">The fully qualified names of the element, key/value or underlying types.</param>
/// <param name="UnionCases">The cases of a union.</param>
/// <param name="Object">The contract of an object, else <see langword="null"/>.</param>
internal sealed record TypeModel(
    string Name,
    string ShortName,
    bool IsValueType,
    ShapeKind Kind,
    CollectionKind Collection,
    EquatableArray<string> Arguments,
    EquatableArray<UnionCaseModel> UnionCases,
    ObjectModel? Object);
