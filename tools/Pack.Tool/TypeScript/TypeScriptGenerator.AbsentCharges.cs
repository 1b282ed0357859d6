using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// What an absent member's value allocates, charged to the decode's allocation budget (docs/robustness.md, the
/// TypeScript client's allocation budget). A struct's zero value is an object with every member, and theirs in turn,
/// so an empty body of a contract with struct members would otherwise make far more than the budget counts. And what
/// an object, fixed struct or list charges at once for its members or elements whose estimate the type fixes (a float,
/// a bigint, a char, decimal or Guid string, a DateTime), read then by the runtime's uncharged <c>…Prepaid</c> reads.
/// </summary>
public sealed partial class TypeScriptGenerator
{
    // The estimates of clients/typescript/src/allocation-budget.ts (GeneratorTests checks that they agree).
    internal const int ObjectBytes = 24;
    internal const int MemberBytes = 8;
    internal const int CollectionBytes = 48;
    internal const int TypedArrayBytes = 192;
    internal const int NumberBytes = 16;
    internal const int StringBytes = 24;
    internal const int BigintBytes = 24;
    internal const int Bigint128Bytes = 32;
    internal const int DecimalBytes = 86;
    internal const int GuidBytes = 96;
    internal const int DateTimeBytes = 88;
    internal const int DateTimeOffsetBytes = 88;

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

    /// <summary>
    /// What the runtime's read of a <paramref name="label"/> charges when its type alone fixes it (the reader's methods
    /// with a <c>…Prepaid</c> twin), else 0: an enclosing object, fixed struct or list charges it for all such members or
    /// elements at once and reads them with <see cref="ReadPrepaid"/>.
    /// </summary>
    private int PrepaidBytes(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Enum => PrepaidBytes(t.Underlying!),
            PackSchemaKind.Primitive => t.Primitive switch
            {
                "f16" or "f32" or "f64" => NumberBytes,
                "i64" or "u64" or "timespan" or "timeonly" => BigintBytes,
                "i128" or "u128" => Bigint128Bytes,
                "char" => StringBytes,
                "decimal" => DecimalBytes,
                "guid" => GuidBytes,
                "datetime" => DateTimeBytes,
                "datetimeoffset" => DateTimeOffsetBytes,
                _ => 0,
            },
            _ => 0,
        };
    }

    /// <summary>A read of <paramref name="label"/> whose charge (<see cref="PrepaidBytes"/>) the caller made: the reader's <c>…Prepaid</c> method, else <see cref="Read(string)"/>.</summary>
    private string ReadPrepaid(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Enum => ReadPrepaid(t.Underlying!),
            PackSchemaKind.Primitive when PrepaidBytes(label) > 0 => $"r.{PrimitiveMethod(t.Primitive!)}Prepaid()",
            _ => Read(label),
        };
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
