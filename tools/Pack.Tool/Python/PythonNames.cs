using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Pack.Tool.Codegen;

namespace Pack.Tool.Python;

/// <summary>
/// Python names for a model: a class per named type (its short .NET name, made an identifier, unique in the module),
/// a descriptor constant per type (<c>ORDER_TYPE</c>), a payload constant per root, snake_case attributes and methods.
/// </summary>
internal sealed partial class PythonNames
{
    private static readonly HashSet<string> Keywords =
    [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif",
        "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
        "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type",
        // Names of the generated module itself.
        "annotations", "dataclasses", "datetime", "decimal", "uuid", "typing", "self", "client", "body", "timeout",
    ];

    private readonly Dictionary<string, string> _classes = new(StringComparer.Ordinal);
    private readonly HashSet<string> _used = new(StringComparer.Ordinal);

    public PythonNames(ContractModel model)
    {
        foreach (var type in model.Named.Values)
        {
            if (type.TupleForm)
            {
                continue;
            }

            string name = type.DotnetName is { } dotnet ? Identifier(WithoutNamespaces(ContractNames.ShortName(dotnet)), pascal: true)
                : "Type" + Identifier(type.Key, pascal: true);
            _classes[type.Key] = Unique(name);
        }
    }

    /// <summary>The class (or, for a union, the type alias) of a named type.</summary>
    public string Class(string key) => _classes[key];

    /// <summary>The descriptor constant of a named type.</summary>
    public string Descriptor(string key) => Upper(_classes.TryGetValue(key, out var c) ? c : Identifier(key, pascal: true)) + "_TYPE";

    /// <summary>A unique module-level name (payload constants, client classes).</summary>
    public string Unique(string name) => ContractNames.Numbered(name, _used);

    /// <summary>A label or name with every namespace-qualified name inside it cut to its last part (<c>list&lt;Order&gt;</c>).</summary>
    public static string WithoutNamespaces(string text) => NamespacedName().Replace(text, m => m.Groups[1].Value);

    /// <summary>A Python identifier from any text: letters, digits and <c>_</c>, not a keyword.</summary>
    public static string Identifier(string text, bool pascal)
    {
        var b = new StringBuilder();
        bool upper = pascal;
        foreach (char c in text)
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                b.Append(upper ? char.ToUpperInvariant(c) : c);
                upper = false;
            }
            else
            {
                upper = pascal;
                if (!pascal && b.Length > 0 && b[^1] != '_')
                {
                    b.Append('_');
                }
            }
        }

        string s = b.ToString().TrimEnd('_');
        if (s.Length == 0 || char.IsAsciiDigit(s[0]))
        {
            s = "_" + s;
        }

        return Keywords.Contains(s) ? s + "_" : s;
    }

    /// <summary><c>OrderLine</c> → <c>order_line</c>; <c>UpdateTime</c> → <c>update_time</c>; <c>ID</c> → <c>id</c>.</summary>
    public static string Snake(string name)
    {
        var b = new StringBuilder();
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (!char.IsAsciiLetterOrDigit(c))
            {
                if (b.Length > 0 && b[^1] != '_')
                {
                    b.Append('_');
                }

                continue;
            }

            if (char.IsAsciiLetterUpper(c) && i > 0 && b.Length > 0 && b[^1] != '_'
                && (char.IsAsciiLetterLower(name[i - 1]) || char.IsAsciiDigit(name[i - 1]) || (i + 1 < name.Length && char.IsAsciiLetterLower(name[i + 1]))))
            {
                b.Append('_');
            }

            b.Append(char.ToLowerInvariant(c));
        }

        string s = b.ToString().Trim('_');
        if (s.Length == 0 || char.IsAsciiDigit(s[0]))
        {
            s = "m_" + s;
        }

        return Keywords.Contains(s) ? s + "_" : s;
    }

    /// <summary><c>OrderLine</c> → <c>ORDER_LINE</c>.</summary>
    public static string Upper(string name) => Snake(name).TrimEnd('_').ToUpperInvariant();

    [GeneratedRegex(@"(?:[A-Za-z0-9_]+\.)+([A-Za-z0-9_]+)")]
    private static partial Regex NamespacedName();
}
