using System.Text;

namespace Pack.Tool.TypeScript;

/// <summary>
/// An indenting writer of TypeScript source (two spaces a level, <c>\n</c> line ends) that collects what the text
/// imports from the runtime, as protoplugin's <c>f.print</c>/<c>f.import</c> do: a section written on its own is added
/// with <see cref="Write(TypeScriptWriter)"/>, its imports with it, and <see cref="ImportStatement"/> names them all.
/// </summary>
internal sealed class TypeScriptWriter
{
    private readonly StringBuilder _text = new();
    private readonly HashSet<string> _imports = new(StringComparer.Ordinal);
    private int _level;

    /// <summary>Writes one line at the current indentation (an empty line has no indentation).</summary>
    public TypeScriptWriter Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _level * 2).Append(line);
        }

        _text.Append('\n');
        return this;
    }

    /// <summary>Writes <paramref name="header"/> (ending in <c>{</c>) and indents until the returned scope ends, which writes <paramref name="close"/>.</summary>
    public IDisposable Block(string header, string close = "}")
    {
        Line(header);
        _level++;
        return new Scope(this, close);
    }

    /// <summary>Indents until the returned scope ends.</summary>
    public IDisposable Indent()
    {
        _level++;
        return new Scope(this, null);
    }

    /// <summary>Records an export of the runtime the text uses: a value (<c>codecFor</c>) or a type (<c>type PackClient</c>).</summary>
    public void Import(string name) => _imports.Add(name);

    /// <summary>Appends a section's text at the indentation it was written at, and its imports.</summary>
    public void Write(TypeScriptWriter section)
    {
        _text.Append(section._text);
        _imports.UnionWith(section._imports);
    }

    /// <summary>The one <c>import</c> statement of everything recorded, sorted by name whether a type or a value.</summary>
    public string ImportStatement(string module)
        => $"import {{ {string.Join(", ", _imports.OrderBy(i => i.Replace("type ", "", StringComparison.Ordinal), StringComparer.Ordinal))} }} from {TypeScriptSyntax.Quote(module)};";

    /// <inheritdoc/>
    public override string ToString() => _text.ToString();

    private sealed class Scope(TypeScriptWriter writer, string? close) : IDisposable
    {
        public void Dispose()
        {
            writer._level--;
            if (close is not null)
            {
                writer.Line(close);
            }
        }
    }
}
