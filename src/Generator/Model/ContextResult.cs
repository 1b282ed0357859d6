namespace Pack.Generator.Model;

/// <summary>What parsing one context produces: the model to emit (if any) and its diagnostics.</summary>
/// <remarks>
/// The pipeline splits the two, so that an edit which only moves a diagnostic (a line added above the context) reports
/// it again without emitting the source again.
/// </remarks>
internal sealed record ContextResult(ContextModel? Model, EquatableArray<DiagnosticInfo> Diagnostics);
