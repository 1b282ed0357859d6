// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
using System.Collections.Generic;

namespace Pack.Schema.Building;

/// <summary>The primitives of docs/schema.md §1.1: schema name and wire width by the CLR type's full name.</summary>
internal static class SchemaPrimitives
{
    private static readonly Dictionary<string, (string Name, int Width)> ByClrName = new()
    {
        ["System.Boolean"] = ("bool", 1), ["System.Byte"] = ("u8", 1), ["System.SByte"] = ("i8", 1),
        ["System.Int16"] = ("i16", 2), ["System.UInt16"] = ("u16", 2), ["System.Char"] = ("char", 2),
        ["System.Int32"] = ("i32", 4), ["System.UInt32"] = ("u32", 4), ["System.Int64"] = ("i64", 8), ["System.UInt64"] = ("u64", 8),
        ["System.Int128"] = ("i128", 16), ["System.UInt128"] = ("u128", 16),
        ["System.Half"] = ("f16", 2), ["System.Single"] = ("f32", 4), ["System.Double"] = ("f64", 8),
        ["System.Decimal"] = ("decimal", 16), ["System.Guid"] = ("guid", 16),
        ["System.DateTime"] = ("datetime", 8), ["System.DateTimeOffset"] = ("datetimeoffset", 10), ["System.TimeSpan"] = ("timespan", 8),
        ["System.DateOnly"] = ("dateonly", 4), ["System.TimeOnly"] = ("timeonly", 8), ["System.String"] = ("string", 0),
    };

    /// <summary>The schema primitive of the CLR type <paramref name="clrFullName"/> (<c>System.Int32</c>), if it is one.</summary>
    public static bool TryGet(string clrFullName, out string name, out int width)
    {
        if (ByClrName.TryGetValue(clrFullName, out var primitive))
        {
            name = primitive.Name;
            width = primitive.Width;
            return true;
        }

        name = string.Empty;
        width = 0;
        return false;
    }

    /// <summary>The wire width of the schema primitive <paramref name="name"/> (<c>i32</c>: 4; <c>string</c>: 0), if it is one.</summary>
    public static bool TryGetWidth(string name, out int width)
    {
        foreach (var primitive in ByClrName.Values)
        {
            if (primitive.Name == name)
            {
                width = primitive.Width;
                return true;
            }
        }

        width = 0;
        return false;
    }

    /// <summary>Whether <paramref name="name"/> is an integer primitive (<c>i8</c> … <c>u128</c>), which carries <c>signed</c>.</summary>
    public static bool? Signed(string name)
        => name.Length > 1 && name[0] is 'i' or 'u' && name[1] is >= '0' and <= '9' ? name[0] == 'i' : null;
}
