using Microsoft.CodeAnalysis;

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

    public static readonly DiagnosticDescriptor ObjectTyped = new(
        "PACK003", "Values typed as object are not supported",
        "{0} is typed as object (or dynamic); Pack writes no type names, so use a concrete type or an abstract base with [PackUnion] cases",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor MultiDimensionalArray = new(
        "PACK004", "Multi-dimensional arrays are not supported",
        "{0} is a multi-dimensional array ({1}); use a jagged array",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnsupportedType = new(
        "PACK005", "Type not supported by Pack",
        "{0} has type {1}, which Pack does not support: {2}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor InvalidContract = new(
        "PACK006", "Invalid object contract",
        "{0}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor Inaccessible = new(
        "PACK007", "Type not accessible from the context",
        "{0} is not accessible from the Pack context '{1}'; make it internal or public, or move the context next to it",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor GenericNeedsAccessor = new(
        "PACK008", "Non-public members of constrained generic types are not supported yet",
        "{0} is generic with constrained type parameters (or nested in a generic type) and its member or constructor '{1}' is not accessible (or init-only, or required) from generated code; make it public and settable, or use the run-time path",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ContextNested = new(
        "PACK009", "Pack context cannot be completed where it is declared",
        "The Pack serializer context '{0}' cannot be completed by the generator: {1}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor InvalidUnion = new(
        "PACK010", "Invalid union declaration",
        "{0}",
        Category, DiagnosticSeverity.Error, isEnabledByDefault: true);
}
