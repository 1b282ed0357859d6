namespace Pack.Tool.TypeScript;

/// <summary>Options of <see cref="TypeScriptGenerator"/> (<c>pack ts</c>).</summary>
public sealed class TypeScriptGeneratorOptions
{
    /// <summary>The module specifier the generated code imports the runtime from; default <c>@pack/client/codegen</c> (the package's entry point for generated code).</summary>
    public string RuntimeModule { get; init; } = "@pack/client/codegen";

    /// <summary>The name of the generated file; default <c>contracts.ts</c>.</summary>
    public string FileName { get; init; } = "contracts.ts";
}
