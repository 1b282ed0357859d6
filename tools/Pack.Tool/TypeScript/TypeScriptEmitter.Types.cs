using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>The TypeScript type of each schema type, as members, payload functions and endpoints name it.</summary>
internal sealed partial class TypeScriptEmitter
{
    private static readonly HashSet<string> TypedArrayPrimitives = ["i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"];

    private string TsType(string label)
    {
        var t = _model.Types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => PrimitiveTsType(t.Primitive!),
            PackSchemaKind.Enum => _names.Ident(label),
            PackSchemaKind.Nullable => $"{TsType(t.Element!)} | null",
            PackSchemaKind.List when TypedArray(t.Element!) is { } typed => typed + (t.Nullable ? " | null" : ""),
            PackSchemaKind.List => $"{Parenthesize(TsType(t.Element!, t.ElementNonNull))}[]" + (t.Nullable ? " | null" : ""),
            PackSchemaKind.Set => $"Set<{TsType(t.Element!, t.ElementNonNull)}> | null",
            PackSchemaKind.Map => $"Map<{TsType(t.Key!)}, {TsType(t.Value!, t.ValueNonNull)}> | null",
            PackSchemaKind.Object or PackSchemaKind.Union => _names.Ident(label) + (t.Nullable ? " | null" : ""),
            PackSchemaKind.FrozenStruct => _names.Ident(label),
            _ => throw new FormatException($"Unknown kind {t.Kind}."),
        };
    }

    /// <summary>The TypeScript type at a reference position: without <c>| null</c> where the annotation is <c>!</c> (docs/schema.md §6).</summary>
    private string TsType(string label, bool nonNull) => nonNull ? NonNull(label) : TsType(label);

    private string NonNull(string label)
    {
        var type = TsType(label);
        return type.EndsWith(" | null", StringComparison.Ordinal) ? type[..^7] : type;
    }

    private static string Parenthesize(string type) => type.Contains('|', StringComparison.Ordinal) ? $"({type})" : type;

    private string PrimitiveTsType(string primitive)
    {
        switch (primitive)
        {
            case "datetime":
                _w.Import("type PackDateTime");
                return "PackDateTime";
            case "datetimeoffset":
                _w.Import("type PackDateTimeOffset");
                return "PackDateTimeOffset";
            default:
                return primitive switch
                {
                    "bool" => "boolean",
                    "i64" or "u64" or "i128" or "u128" or "timespan" or "timeonly" => "bigint",
                    "char" or "decimal" or "guid" => "string",
                    "string" => "string | null",
                    _ => "number",
                };
        }
    }

    /// <summary>The typed array a list of <paramref name="elementLabel"/> is (<c>Int32Array</c> for <c>list&lt;i32&gt;</c>), or <see langword="null"/>.</summary>
    private string? TypedArray(string elementLabel)
    {
        var t = _model.Types[elementLabel];
        if (t.Kind != PackSchemaKind.Primitive || !TypedArrayPrimitives.Contains(t.Primitive!))
        {
            return null;
        }

        return t.Primitive switch
        {
            "i8" => "Int8Array",
            "u8" => "Uint8Array",
            "i16" => "Int16Array",
            "u16" => "Uint16Array",
            "i32" => "Int32Array",
            "u32" => "Uint32Array",
            "i64" => "BigInt64Array",
            "u64" => "BigUint64Array",
            "f32" => "Float32Array",
            _ => "Float64Array",
        };
    }
}
