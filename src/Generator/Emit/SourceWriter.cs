using System.Text;

namespace Pack.Generator.Emit;

/// <summary>
/// Writes C# source a line at a time at the current indentation (four spaces a level), as System.Text.Json's generator
/// does; an empty line carries no indentation.
/// </summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _text = new();

    /// <summary>The current indentation, in levels.</summary>
    public int Indentation { get; set; }

    /// <summary>Writes an empty line.</summary>
    public void WriteLine() => _text.AppendLine();

    /// <summary>Writes one line at the current indentation.</summary>
    public void WriteLine(string line)
    {
        if (line.Length == 0)
        {
            _text.AppendLine();
            return;
        }

        _text.Append(' ', 4 * Indentation).AppendLine(line);
    }

    /// <summary>Writes <c>{</c> and indents what follows.</summary>
    public void OpenBlock()
    {
        WriteLine("{");
        Indentation++;
    }

    /// <summary>Unindents and writes <c>}</c>.</summary>
    public void CloseBlock()
    {
        Indentation--;
        WriteLine("}");
    }

    /// <summary>Writes a label (<c>done:</c>) one level left of the statements around it, as C# style sets labels.</summary>
    public void WriteLabel(string label)
    {
        Indentation--;
        WriteLine(label);
        Indentation++;
    }

    public override string ToString() => _text.ToString();
}
