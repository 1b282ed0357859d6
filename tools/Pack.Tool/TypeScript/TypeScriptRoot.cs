namespace Pack.Tool.TypeScript;

/// <summary>A payload root: the label of its type, its schema's fingerprints (docs/schema.md §2.3), label and canonical text (§2.1).</summary>
internal sealed record TypeScriptRoot(string Label, string Wire, string Contract, string SchemaLabel, string CanonicalText);
