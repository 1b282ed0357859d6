using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// What an absent member's value allocates, charged to the decode's allocation budget (docs/robustness.md, the
/// TypeScript client's allocation budget). A struct's zero value is an object with every member, and theirs in turn,
/// so an empty body of a contract with struct members would otherwise make far more than the budget counts.
/// </summary>
public sealed partial class TypeScriptGenerator
{
    // The estimates of clients/typescript/src/allocation-budget.ts (GeneratorTests checks that they agree).
    internal const int ObjectBytes = 24;
    internal const int MemberBytes = 8;
    internal const int CollectionBytes = 48;
    internal const int TypedArrayBytes = 192;
    internal const int NumberBytes = 16;

    private readonly Dictionary<string, int> _zeroBytes = new(StringComparer.Ordinal);

    /// <summary>What the value an absent <paramref name="m"/> gets allocates: its default, or its type's zero value.</summary>
    private int AbsentBytes(SchemaMember m) => m.Default is not null ? DefaultBytes(m.Type, m.Default) : ZeroBytes(m.Type);

    /// <summary>What <see cref="Zero"/> of <paramref name="label"/> allocates (the literals it shares, numbers and null: nothing).</summary>
    private int ZeroBytes(string label)
    {
        if (_zeroBytes.TryGetValue(label, out int bytes))
        {
            return bytes;
        }

        var t = _types[label];
        bytes = t.Kind switch
        {
            PackSchemaKind.Primitive when t.Primitive is "datetime" or "datetimeoffset" => ObjectBytes + (2 * MemberBytes),
            PackSchemaKind.Enum => ZeroBytes(t.Underlying!),
            PackSchemaKind.List when !t.Nullable => TypedArray(t.Element!) is not null ? TypedArrayBytes : CollectionBytes,

            // Struct objects cannot hold themselves (docs/schema.md §1.5), so this ends.
            PackSchemaKind.FrozenStruct or PackSchemaKind.Object when !t.Nullable => ObjectBytes + (MemberBytes * t.Members.Count) + t.Members.Sum(m => ZeroBytes(m.Type)),
            _ => 0,
        };
        _zeroBytes[label] = bytes;
        return bytes;
    }

    /// <summary>What <see cref="Literal"/> of <paramref name="json"/> as a <paramref name="label"/> allocates.</summary>
    private int DefaultBytes(string label, JsonNode json)
    {
        var t = _types[label];
        if (t.Kind is PackSchemaKind.Enum)
        {
            return DefaultBytes(t.Underlying!, json);
        }

        if (t.Kind is PackSchemaKind.Nullable)
        {
            return DefaultBytes(t.Element!, json);
        }

        if (EmptyCollectionLiteral(t, json) is not null)
        {
            return t.Kind == PackSchemaKind.List && TypedArray(t.Element!) is not null ? TypedArrayBytes : CollectionBytes;
        }

        return t.Kind != PackSchemaKind.Primitive ? 0 : t.Primitive switch
        {
            "datetime" or "datetimeoffset" => ObjectBytes + (2 * MemberBytes),
            "f16" or "f32" or "f64" => NumberBytes,
            _ => 0,
        };
    }
}
