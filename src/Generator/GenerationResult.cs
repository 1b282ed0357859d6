using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Pack.Generator;

/// <summary>What one context produces: its source (if any) and its diagnostics.</summary>
internal sealed class GenerationResult
{
    public GenerationResult(string hintName, string? source, List<Diagnostic> diagnostics)
    {
        HintName = hintName;
        Source = source;
        Diagnostics = diagnostics;
    }

    public string HintName { get; }

    public string? Source { get; }

    public List<Diagnostic> Diagnostics { get; }
}
