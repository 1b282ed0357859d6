namespace Pack.Tool.Codegen;

/// <summary>A primitive of docs/schema.md §1.1, by its schema name (<c>i32</c>, <c>string</c>); <see cref="Nullable"/> for a reference (<c>string</c>).</summary>
internal sealed record ContractPrimitive(string Name, bool Nullable) : ContractType;
