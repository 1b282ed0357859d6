using System.Text;

namespace Pack.Tool.Codegen;

/// <summary>
/// An indenting writer of source, a line at a time (<c>\n</c> line ends; an empty line has no indentation), as
/// <c>src/Generator/Emit/SourceWriter.cs</c> is for C#: each language's emitter writes through one.
/// </summary>
/// <param name="indentSize">Spaces per level (Python 4, TypeScript 2).</param>
internal class CodeWriter(int indentSize)
{
    private readonly StringBuilder _text = new();
    private int _level;

    /// <summary>Writes one line at the current indentation.</summary>
    public CodeWriter Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _level * indentSize).Append(line);
        }

        _text.Append('\n');
        return this;
    }

    /// <summary>Writes <paramref name="header"/> and indents until the returned scope ends, which writes <paramref name="close"/> if given.</summary>
    public IDisposable Block(string header, string? close = null)
    {
        Line(header);
        return Indent(close);
    }

    /// <summary>Indents until the returned scope ends, which writes <paramref name="close"/> if given.</summary>
    public IDisposable Indent(string? close = null)
    {
        _level++;
        return new Scope(this, close);
    }

    /// <summary>Appends what another writer wrote (at the indentation it was written at).</summary>
    protected void Append(CodeWriter section) => _text.Append(section._text);

    /// <inheritdoc/>
    public override string ToString() => _text.ToString();

    private sealed class Scope(CodeWriter writer, string? close) : IDisposable
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
