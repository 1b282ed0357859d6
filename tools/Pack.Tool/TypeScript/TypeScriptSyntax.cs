using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Pack.Tool.TypeScript;

/// <summary>
/// TypeScript source for text from the schema (names, comments, strings, integers): each rebuilt so that it can only be
/// what it stands for, never code of its own in the generated module.
/// </summary>
internal static class TypeScriptSyntax
{
    /// <summary>A double-quoted string literal (JSON's escaping).</summary>
    public static string Quote(string s) => JsonSerializer.Serialize(s);

    /// <summary>A single-quoted JavaScript string literal that keeps JSON's double quotes and non-ASCII text as they are (compact).</summary>
    public static string SingleQuote(string s)
    {
        var builder = new StringBuilder(s.Length + 2).Append('\'');
        foreach (var c in s)
        {
            switch (c)
            {
                case '\'': builder.Append("\\'"); break;
                case '\\': builder.Append("\\\\"); break;
                case < ' ' or '\u2028' or '\u2029' or (>= '\ud800' and <= '\udfff'):
                    builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}");
                    break;
                default: builder.Append(c); break;
            }
        }

        return builder.Append('\'').ToString();
    }

    /// <summary>A property name: the name itself when it is an identifier, quoted otherwise.</summary>
    public static string Property(string name) =>
        name.Length > 0 && (char.IsAsciiLetter(name[0]) || name[0] is '_' or '$') && name.All(c => char.IsAsciiLetterOrDigit(c) || c is '_' or '$')
            ? name
            : Quote(name);

    /// <summary>
    /// A key in an object literal: as <see cref="Property"/>, but <c>__proto__</c> computed, since <c>{ __proto__: v }</c>
    /// (quoted or not) sets the object's prototype instead of giving it a member.
    /// </summary>
    public static string Key(string name) => name == "__proto__" ? $"[{Quote(name)}]" : Property(name);

    /// <summary>
    /// Text from the schema (a type's name, a route) for a <c>/** … */</c> or <c>//</c> comment: it can neither end the
    /// comment nor the line, so it stays a comment whatever it holds.
    /// </summary>
    public static string Comment(string? text)
    {
        var builder = new StringBuilder(text?.Length ?? 0);
        foreach (var c in text ?? string.Empty)
        {
            builder.Append(char.IsControl(c) || c is '\u2028' or '\u2029' ? ' ' : c);
        }

        return builder.Replace("*/", "* /").ToString();
    }

    /// <summary>An integer (an enum value, a 64-bit default, ticks) as TypeScript source: only digits with an optional '-'.</summary>
    public static string Integer(string? text, string what)
    {
        if (text is null || !System.Numerics.BigInteger.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value))
        {
            throw new FormatException($"{what} is not an integer: {Quote(text ?? "null")}.");
        }

        return value.ToString(CultureInfo.InvariantCulture);
    }

    /// <summary>A number literal, with the names of the values that have no digits.</summary>
    public static string Number(double d) =>
        double.IsNaN(d) ? "NaN"
        : double.IsPositiveInfinity(d) ? "Infinity"
        : double.IsNegativeInfinity(d) ? "-Infinity"
        : d == 0 && double.IsNegative(d) ? "-0"
        : d.ToString("R", CultureInfo.InvariantCulture);

    /// <summary><c>true</c> or <c>false</c>.</summary>
    public static string Bool(bool value) => value ? "true" : "false";

    /// <summary>Text for a template literal: <c>\</c>, <c>`</c> and <c>$</c> escaped, so it neither ends the literal nor starts a substitution.</summary>
    public static string TemplateText(string text)
        => text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("`", "\\`", StringComparison.Ordinal).Replace("$", "\\$", StringComparison.Ordinal);
}
