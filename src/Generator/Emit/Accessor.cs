using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>One UnsafeAccessor a generated formatter declares, planned from the model before any code is written.</summary>
/// <param name="Kind">What it reaches.</param>
/// <param name="Name">The accessor method's name (<c>Get0</c>, <c>Set2</c>, <c>Storage1</c>, <c>Construct</c>).</param>
/// <param name="Target">The field or method it reaches (<c>_id</c>, <c>get_Id</c>), or <see langword="null"/> for the constructor.</param>
/// <param name="TypeName">The field's or property's type, as the accessor declares it.</param>
/// <param name="TargetParameter">The accessor's first parameter (<c>ref global::App.Point target</c>).</param>
/// <param name="Owner">The generic type whose accessor class declares it, or <see langword="null"/> for one the formatter declares itself.</param>
internal sealed record Accessor(AccessorKind Kind, string Name, string? Target, string TypeName, string TargetParameter, GenericOwnerModel? Owner);
