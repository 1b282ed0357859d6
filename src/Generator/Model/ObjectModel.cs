using Pack.Formatters.Objects;

namespace Pack.Generator.Model;

/// <summary>The contract of a class, struct or record, decided by the shared ContractBuilder and LayoutRules.</summary>
/// <param name="Members">The members in wire order.</param>
/// <param name="HasConstructor">Whether a constructor is called (else a struct is built from its default value).</param>
/// <param name="ConstructorParameters">The constructor's parameters as its generic definition declares them, each bound to one member.</param>
/// <param name="ConstructorAccessible">Whether generated code can call the constructor with <c>new</c> (else through an UnsafeAccessor).</param>
/// <param name="FixedLength">The fixed wire length of a struct written without a header, or -1.</param>
/// <param name="Generic">For a generic type (or one nested in a generic type), its definition, which its UnsafeAccessors name, with its type parameters and arguments; else <see langword="null"/>.</param>
/// <param name="InstanceFields">The instance fields of the type and its base types, for the size of one instance.</param>
/// <param name="Layout">For a struct, whether its memory image can be its wire form (LayoutRules).</param>
/// <param name="RunsUserCode">Whether constructing it can run allocating user code, so the construct step is measured (wire format §12).</param>
internal sealed record ObjectModel(
    EquatableArray<MemberModel> Members,
    bool HasConstructor,
    EquatableArray<ParameterModel> ConstructorParameters,
    bool ConstructorAccessible,
    int FixedLength,
    GenericOwnerModel? Generic,
    EquatableArray<InstanceFieldModel> InstanceFields,
    BlittableLayout Layout,
    bool RunsUserCode);
