namespace Pack.Tool.TypeScript;

/// <summary>A union case: its tag and the label of its type.</summary>
internal sealed record TypeScriptCase(int Tag, string Type);
