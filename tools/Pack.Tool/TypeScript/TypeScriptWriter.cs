using Pack.Tool.Codegen;

namespace Pack.Tool.TypeScript;

/// <summary>
/// The indenting writer of TypeScript source (two spaces a level) that also collects what the text imports from the
/// runtime, as protoplugin's <c>f.print</c>/<c>f.import</c> do: a section written on its own is added with
/// <see cref="Write(TypeScriptWriter)"/>, its imports with it, and <see cref="ImportStatement"/> names them all.
/// </summary>
internal sealed class TypeScriptWriter() : CodeWriter(2)
{
    private readonly HashSet<string> _imports = new(StringComparer.Ordinal);

    /// <summary>Records an export of the runtime the text uses: a value (<c>codecFor</c>) or a type (<c>type PackClient</c>).</summary>
    public void Import(string name) => _imports.Add(name);

    /// <summary>Appends a section's text at the indentation it was written at, and its imports.</summary>
    public void Write(TypeScriptWriter section)
    {
        Append(section);
        _imports.UnionWith(section._imports);
    }

    /// <summary>The one <c>import</c> statement of everything recorded, sorted by name whether a type or a value.</summary>
    public string ImportStatement(string module)
        => $"import {{ {string.Join(", ", _imports.OrderBy(i => i.Replace("type ", "", StringComparison.Ordinal), StringComparer.Ordinal))} }} from {TypeScriptSyntax.Quote(module)};";
}
