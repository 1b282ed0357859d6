// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using Pack.Formatters.Collections;

namespace Pack.Formatters.Contracts;

/// <summary>Every rule of a contract, one ID each (docs/generator.md lists them with an example).</summary>
internal static class ContractErrors
{
    /// <summary>
    /// Where the run-time path says a value of an unsupported type was met (the first argument of PACK003 to PACK005):
    /// it makes one formatter per type, wherever the type is used, so it cannot name the member or root type that
    /// reached it, which the generator names instead (<c>App.Order.Handler</c>, <c>Root type App.Order</c>).
    /// </summary>
    public const string AnyValue = "A value";

    /// <summary>Why an open type is not written (PACK005).</summary>
    public const string OpenTypeReason = "an open type parameter or generic type definition has no values; declare the closed type";

    /// <summary>Why a pointer or ref struct is not written (PACK005).</summary>
    public const string PointerReason = "pointers and ref structs cannot be stored";

    /// <summary>Why a delegate is not written (PACK005).</summary>
    public const string DelegateReason = "delegates are not data";

    /// <summary>Why <c>nint</c> and <c>nuint</c> are not written (PACK005).</summary>
    public const string NativeIntegerReason = "nint and nuint have no fixed wire width; use int or long";

    /// <summary>Why an abstract type or interface without union cases is not written (PACK005).</summary>
    public const string AbstractReason = "Pack cannot create an abstract type or interface; declare its cases with [PackUnion(tag, typeof(Case))]";

    /// <summary>Why anything else that is not a class, struct or record is not written (PACK005).</summary>
    public const string NotAnObjectReason = "it is not a class, struct or record";

    public static readonly ContractError ObjectTyped = new(
        "PACK003", "Values typed as object are not supported",
        "{0} is typed as object (or dynamic); Pack writes no type names, so use a concrete type or an abstract base with [PackUnion] cases");

    public static readonly ContractError MultiDimensionalArray = new(
        "PACK004", "Multi-dimensional arrays are not supported",
        "{0} is a multi-dimensional array ({1}); use a jagged array");

    /// <summary>The third argument is one of the reasons above, or <see cref="CollectionTable.SupportedCollections"/> for another collection type (ContractBuilder.WhyNotObject chooses).</summary>
    public static readonly ContractError UnsupportedType = new(
        "PACK005", "Type not supported by Pack",
        "{0} has type {1}, which Pack does not support: {2}");

    public static readonly ContractError MixedOrder = new(
        "PACK011", "[PackOrder] on some members only",
        "Some members of {0} have [PackOrder] and some do not; give all of them an order");

    public static readonly ContractError DuplicateOrder = new(
        "PACK012", "Duplicate [PackOrder]",
        "Two members of {0} have [PackOrder({1})]");

    public static readonly ContractError NoConstructor = new(
        "PACK013", "No usable constructor",
        "{0} has no public parameterless constructor and no public constructor whose parameters all match members by name; mark one with [PackConstructor]");

    public static readonly ContractError UnboundParameter = new(
        "PACK014", "Constructor parameter without a member",
        "The constructor of {0} has a parameter '{1}' that matches no serialized member of the same type; Pack binds constructor parameters to members by name");

    public static readonly ContractError TooManyMembers = new(
        "PACK015", "Too many members",
        "{0} has {1} members; Pack supports at most 65535");

    public static readonly ContractError ReservedUnionTag = new(
        "PACK016", "Reserved union tag",
        "Union tag 65535 on {0} is reserved for null");

    public static readonly ContractError DuplicateUnionCase = new(
        "PACK017", "Duplicate union tag or case",
        "The union {0} declares tag {1} or type {2} twice");

    public static readonly ContractError UnionCaseNotDerived = new(
        "PACK018", "Union case does not derive from the union",
        "Union case {1} of {0} must be a concrete type deriving from it");

    public static readonly ContractError StringDiscriminator = new(
        "PACK019", "String union discriminator",
        "[JsonDerivedType(typeof({1}){2})] on {0} has no integer discriminator, and Pack puts no names on the wire; use an integer discriminator (0 to 65534), or declare the Pack tags with [PackUnion(tag, typeof(Case))], which then take precedence over [JsonDerivedType] for Pack");

    public static readonly ContractError DiscriminatorOutOfRange = new(
        "PACK020", "Union discriminator out of range",
        "[JsonDerivedType(typeof({1}), {2})] on {0}: a Pack union tag must be 0 to 65534");
}
