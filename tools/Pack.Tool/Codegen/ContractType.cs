namespace Pack.Tool.Codegen;

/// <summary>
/// A type as a generated module refers to it, whatever the language: a primitive, a named type, or a collection of
/// them (docs/schema.md §1.1).
/// </summary>
internal abstract record ContractType;
