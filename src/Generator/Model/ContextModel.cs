namespace Pack.Generator.Model;

/// <summary>
/// Everything the emitter needs to write one context, as plain facts (names, numbers, flags; no symbols and no C#):
/// equal to the previous run's model whenever the context and the types it reaches did not change, so an unrelated edit
/// does not re-emit its source.
/// </summary>
/// <param name="HintName">The generated file's name.</param>
/// <param name="Namespace">The context's namespace, or <see langword="null"/> for the global namespace.</param>
/// <param name="Name">The context's name.</param>
/// <param name="ContainingTypes">The types the context is nested in, outermost first.</param>
/// <param name="Types">The types of the closure, in discovery order.</param>
/// <param name="Schemas">The schema of each root type whose closure generated.</param>
internal sealed record ContextModel(
    string HintName,
    string? Namespace,
    string Name,
    EquatableArray<ContainingTypeModel> ContainingTypes,
    EquatableArray<TypeModel> Types,
    EquatableArray<SchemaModel> Schemas);
