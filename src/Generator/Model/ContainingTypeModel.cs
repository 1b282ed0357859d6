using Microsoft.CodeAnalysis;

namespace Pack.Generator.Model;

/// <summary>A type the context is nested in, completed as a partial part of itself.</summary>
/// <param name="Name">The type's name.</param>
/// <param name="Accessibility">Its declared accessibility.</param>
/// <param name="Kind">Class, struct or interface.</param>
/// <param name="IsRecord">Whether it is a record (class or struct).</param>
/// <param name="IsRefLike">Whether it is a ref struct.</param>
internal sealed record ContainingTypeModel(string Name, Accessibility Accessibility, TypeKind Kind, bool IsRecord, bool IsRefLike);
