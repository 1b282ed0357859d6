using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>Member defaults that are empty collections (docs/schema.md §4.1: <c>= []</c>, <c>= new()</c>), as the served sample contracts have.</summary>
public sealed partial class TypeScriptGenerator
{
    /// <summary>The TypeScript of an empty collection default, or <see langword="null"/> when <paramref name="json"/> is not one.</summary>
    private string? EmptyCollectionLiteral(SchemaType type, JsonNode json)
    {
        if (json is not (JsonArray { Count: 0 } or JsonObject { Count: 0 }))
        {
            return null;
        }

        return type.Kind switch
        {
            PackSchemaKind.List => TypedArray(type.Element!) is { } typed ? $"new {typed}(0)" : "[]",
            PackSchemaKind.Set => "new Set()",
            PackSchemaKind.Map => "new Map()",
            _ => null,
        };
    }
}
