// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
using System.Collections.Generic;

namespace Pack.Schema.Building;

/// <summary>
/// The nullability annotation of a member (docs/schema.md §1.4): one character per reference position of its type, in
/// walk order. Which places are positions, and their order, are decided here, for the builder and for a parsed schema.
/// </summary>
internal static class SchemaNullability
{
    /// <summary>The contract allows null here (<c>string?</c>, or a struct whose default is written as null).</summary>
    public const char Nullable = '?';

    /// <summary>The contract does not allow null here (<c>string</c> under <c>#nullable enable</c>).</summary>
    public const char NonNullable = '!';

    /// <summary>C# says nothing (<c>#nullable disable</c>, a type parameter): read as <see cref="Nullable"/>.</summary>
    public const char Oblivious = '~';

    /// <summary>Deeper than this, a chain of nullable/list/set/map entries is malformed (each level is one type argument).</summary>
    public const int MaxDepth = 64;

    /// <summary>Whether <paramref name="entry"/> is a reference position: its encoding has a null, and it is not a <c>nullable</c> (<c>int?</c> is nullable by its wire type).</summary>
    public static bool IsPosition(SchemaEntry entry) => entry.Nullable && entry.Kind != SchemaKinds.Nullable;

    /// <summary>The parts whose positions follow an entry's own, in walk order: element; key, then value; none for named kinds and primitives.</summary>
    public static int[] Parts(SchemaEntry entry) => entry.Kind switch
    {
        SchemaKinds.Nullable or SchemaKinds.List or SchemaKinds.Set => [entry.Element],
        SchemaKinds.Map => [entry.Key, entry.Value],
        _ => [],
    };

    /// <summary>The number of reference positions of the type at <paramref name="index"/>.</summary>
    /// <exception cref="System.FormatException">The parts nest deeper than any type can.</exception>
    public static int CountPositions(IReadOnlyList<SchemaEntry> entries, int index) => Count(entries, index, 0);

    /// <summary>The annotation as a member carries it: <see langword="null"/> (absent) when it is empty or only <see cref="Oblivious"/>.</summary>
    public static string? Normalize(string text)
    {
        foreach (char c in text)
        {
            if (c != Oblivious)
            {
                return text;
            }
        }

        return null;
    }

    /// <summary>Whether <paramref name="text"/> is a valid annotation for a type with <paramref name="positions"/> positions.</summary>
    public static bool IsValid(string text, int positions)
    {
        if (text.Length != positions)
        {
            return false;
        }

        foreach (char c in text)
        {
            if (c is not (Nullable or NonNullable or Oblivious))
            {
                return false;
            }
        }

        return true;
    }

    private static int Count(IReadOnlyList<SchemaEntry> entries, int index, int depth)
    {
        if (depth > MaxDepth)
        {
            throw new System.FormatException("The element, key and value types nest too deeply (a cycle without a named type).");
        }

        var entry = entries[index];
        int count = IsPosition(entry) ? 1 : 0;
        foreach (int part in Parts(entry))
        {
            count += Count(entries, part, depth + 1);
        }

        return count;
    }
}
