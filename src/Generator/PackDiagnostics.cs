using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Contracts;

namespace Pack.Generator;

/// <summary>The diagnostics of the Pack source generator; docs/generator.md describes each.</summary>
internal static class PackDiagnostics
{
    private const string Category = "Pack.Generator";

    public static readonly DiagnosticDescriptor ContextNotPartial = new(
        "PACK001", "Pack context must be partial",
        "The Pack serializer context '{0}' must be declared partial so the generator can complete it",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ContextWrongBase = new(
        "PACK002", "Pack context must derive from PackSerializerContext",
        "'{0}' has [PackSerializable] but does not derive from Pack.PackSerializerContext",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    // The rules about a value's type and a contract's (ContractErrors, shared with the run-time path): each ID is
    // spelled here too, where release tracking reads it; For checks it is the rule's.
    public static readonly DiagnosticDescriptor ObjectTyped = new(
        "PACK003", ContractErrors.ObjectTyped.Title, ContractErrors.ObjectTyped.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor MultiDimensionalArray = new(
        "PACK004", ContractErrors.MultiDimensionalArray.Title, ContractErrors.MultiDimensionalArray.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnsupportedType = new(
        "PACK005", ContractErrors.UnsupportedType.Title, ContractErrors.UnsupportedType.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor Inaccessible = new(
        "PACK007", "Type not accessible from the context",
        "{0} is not accessible from the Pack context '{1}'; make it internal or public, or move the context next to it",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    // A generic type's UnsafeAccessors live in a class declaring its type parameters and its containing types'; one
    // class cannot declare a name twice (Outer<T>.Inner<T>, which C# only warns about, CS0693).
    public static readonly DiagnosticDescriptor GenericNeedsAccessor = new(
        "PACK008", "Type parameter name repeated by a nested generic type",
        "{0} cannot be completed by generated code: its member or constructor '{1}' is not accessible (or init-only, or required) from generated code, so it is reached through an UnsafeAccessor declared in a class with the type parameters of {2} and of the types it is nested in, which declare the name '{3}' twice; rename one of those type parameters, make the member public and settable, or use the run-time path",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ContextNested = new(
        "PACK009", "Pack context cannot be completed where it is declared",
        "The Pack serializer context '{0}' cannot be completed by the generator: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor MixedOrder = new(
        "PACK011", ContractErrors.MixedOrder.Title, ContractErrors.MixedOrder.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DuplicateOrder = new(
        "PACK012", ContractErrors.DuplicateOrder.Title, ContractErrors.DuplicateOrder.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NoConstructor = new(
        "PACK013", ContractErrors.NoConstructor.Title, ContractErrors.NoConstructor.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnboundParameter = new(
        "PACK014", ContractErrors.UnboundParameter.Title, ContractErrors.UnboundParameter.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor TooManyMembers = new(
        "PACK015", ContractErrors.TooManyMembers.Title, ContractErrors.TooManyMembers.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ReservedUnionTag = new(
        "PACK016", ContractErrors.ReservedUnionTag.Title, ContractErrors.ReservedUnionTag.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DuplicateUnionCase = new(
        "PACK017", ContractErrors.DuplicateUnionCase.Title, ContractErrors.DuplicateUnionCase.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnionCaseNotDerived = new(
        "PACK018", ContractErrors.UnionCaseNotDerived.Title, ContractErrors.UnionCaseNotDerived.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor StringDiscriminator = new(
        "PACK019", ContractErrors.StringDiscriminator.Title, ContractErrors.StringDiscriminator.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DiscriminatorOutOfRange = new(
        "PACK020", ContractErrors.DiscriminatorOutOfRange.Title, ContractErrors.DiscriminatorOutOfRange.Format, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    private static readonly Dictionary<string, DiagnosticDescriptor> ContractRuleDescriptors = new()
    {
        [ContractErrors.ObjectTyped.Id] = ObjectTyped,
        [ContractErrors.MultiDimensionalArray.Id] = MultiDimensionalArray,
        [ContractErrors.UnsupportedType.Id] = UnsupportedType,
        [ContractErrors.MixedOrder.Id] = MixedOrder,
        [ContractErrors.DuplicateOrder.Id] = DuplicateOrder,
        [ContractErrors.NoConstructor.Id] = NoConstructor,
        [ContractErrors.UnboundParameter.Id] = UnboundParameter,
        [ContractErrors.TooManyMembers.Id] = TooManyMembers,
        [ContractErrors.ReservedUnionTag.Id] = ReservedUnionTag,
        [ContractErrors.DuplicateUnionCase.Id] = DuplicateUnionCase,
        [ContractErrors.UnionCaseNotDerived.Id] = UnionCaseNotDerived,
        [ContractErrors.StringDiscriminator.Id] = StringDiscriminator,
        [ContractErrors.DiscriminatorOutOfRange.Id] = DiscriminatorOutOfRange,
    };

    /// <summary>The diagnostic of a rule of ContractErrors (PACK003 to PACK005, PACK011 onwards): its ID, title and message are the rule's, which the run-time exception uses too.</summary>
    public static DiagnosticDescriptor For(ContractError error) => ContractRuleDescriptors[error.Id];
}
