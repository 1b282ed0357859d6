namespace Pack.Tests.GoldenVectors;

/// <summary>Formats a type the way the vector files name it: C# spelling, for example <c>Dictionary&lt;string, int&gt;</c> or <c>int?</c>.</summary>
public static class VectorTypeName
{
    private static readonly Dictionary<Type, string> Keywords = new()
    {
        [typeof(bool)] = "bool", [typeof(byte)] = "byte", [typeof(sbyte)] = "sbyte", [typeof(short)] = "short",
        [typeof(ushort)] = "ushort", [typeof(char)] = "char", [typeof(int)] = "int", [typeof(uint)] = "uint",
        [typeof(long)] = "long", [typeof(ulong)] = "ulong", [typeof(float)] = "float", [typeof(double)] = "double",
        [typeof(decimal)] = "decimal", [typeof(string)] = "string",
    };

    /// <summary>Returns the vector-file name of <paramref name="type"/>.</summary>
    public static string Format(Type type)
    {
        if (Keywords.TryGetValue(type, out var keyword))
        {
            return keyword;
        }

        if (type.IsArray)
        {
            return Format(type.GetElementType()!) + "[]";
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Format(underlying) + "?";
        }

        if (!type.IsGenericType)
        {
            return type.Name;
        }

        var arguments = string.Join(", ", type.GetGenericArguments().Select(Format));
        if (type.FullName?.StartsWith("System.ValueTuple`", StringComparison.Ordinal) == true)
        {
            return "(" + arguments + ")";
        }

        var name = type.Name;
        return name[..name.IndexOf('`', StringComparison.Ordinal)] + "<" + arguments + ">";
    }
}
