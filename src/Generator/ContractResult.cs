using Microsoft.CodeAnalysis;

namespace Pack.Generator;

/// <summary>
/// The contract the parser built for a class, struct or record, or the diagnostic of the rule it breaks (kept, not
/// reported, so that a type built early for the layout rules is reported once, where the walk reaches it).
/// </summary>
internal sealed class ContractResult
{
    public ContractResult(ObjectShape? shape, DiagnosticDescriptor? error, string[] arguments)
    {
        Shape = shape;
        Error = error;
        Arguments = arguments;
    }

    /// <summary>The contract, or <see langword="null"/> when a rule is broken.</summary>
    public ObjectShape? Shape { get; }

    /// <summary>The broken rule's diagnostic, or <see langword="null"/>.</summary>
    public DiagnosticDescriptor? Error { get; }

    /// <summary>The diagnostic's message arguments.</summary>
    public string[] Arguments { get; }

    public static ContractResult Failed(DiagnosticDescriptor error, params string[] arguments) => new(null, error, arguments);
}
