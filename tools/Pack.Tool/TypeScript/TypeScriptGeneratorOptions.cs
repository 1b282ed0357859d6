namespace Pack.Tool.TypeScript;

/// <summary>Options of <see cref="TypeScriptGenerator"/> (<c>pack ts</c>).</summary>
public sealed class TypeScriptGeneratorOptions
{
    /// <summary>The module specifier the generated code imports the runtime from; default <c>@pack/client</c>.</summary>
    public string RuntimeModule { get; init; } = "@pack/client";

    /// <summary>The name of the generated file; default <c>contracts.ts</c>.</summary>
    public string FileName { get; init; } = "contracts.ts";
}
