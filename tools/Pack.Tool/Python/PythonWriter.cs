using System.Text;

namespace Pack.Tool.Python;

/// <summary>An indenting writer of Python source: four spaces per level, <c>\n</c> line ends.</summary>
internal sealed class PythonWriter
{
    private readonly StringBuilder _text = new();
    private int _level;

    /// <summary>Writes one line at the current indentation (an empty line has no indentation).</summary>
    public PythonWriter Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _level * 4).Append(line);
        }

        _text.Append('\n');
        return this;
    }

    /// <summary>Writes <paramref name="header"/> (ending in <c>:</c>) and indents until the returned scope ends.</summary>
    public IDisposable Block(string header)
    {
        Line(header);
        _level++;
        return new Scope(this);
    }

    /// <inheritdoc/>
    public override string ToString() => _text.ToString();

    private sealed class Scope(PythonWriter writer) : IDisposable
    {
        public void Dispose() => writer._level--;
    }
}
