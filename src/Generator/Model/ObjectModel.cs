using Pack.Formatters.Objects;

namespace Pack.Generator.Model;

/// <summary>The contract of a class, struct or record, computed with the rules of the run-time ObjectContract.</summary>
/// <param name="Members">The members in wire order.</param>
/// <param name="HasConstructor">Whether a constructor is called (else a struct is built from its default value).</param>
/// <param name="ConstructorParameterCount">The number of the constructor's parameters, each bound to one member.</param>
/// <param name="ConstructorAccessorParameters">The parameter list of the constructor's UnsafeAccessor (<c>int id, string name</c>).</param>
/// <param name="ConstructorAccessible">Whether generated code can call the constructor with <c>new</c> (else through an UnsafeAccessor).</param>
/// <param name="FixedLength">The fixed wire length of a struct written without a header, or -1.</param>
/// <param name="AccessTarget">The type UnsafeAccessors name as their target: the closed type, or a generic type's definition (<c>Box&lt;T&gt;</c>).</param>
/// <param name="AccessClass">The declaration of the generic class holding a generic type's accessors (<c>Access&lt;T&gt;</c>), or <see langword="null"/>.</param>
/// <param name="AccessPrefix">What precedes an accessor's name at its call site (<c>Access&lt;int&gt;.</c>), or empty.</param>
/// <param name="InstanceSize">The C# expression of the instance size charged to the read's allocation budget.</param>
/// <param name="Layout">For a struct, whether its memory image can be its wire form, decided with TypeLayout's rules.</param>
internal sealed record ObjectModel(
    EquatableArray<MemberModel> Members,
    bool HasConstructor,
    int ConstructorParameterCount,
    string ConstructorAccessorParameters,
    bool ConstructorAccessible,
    int FixedLength,
    string AccessTarget,
    string? AccessClass,
    string AccessPrefix,
    string InstanceSize,
    BlittableLayout Layout);
