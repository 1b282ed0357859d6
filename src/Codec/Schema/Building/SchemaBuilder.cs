// Shared, as source, by the run-time path (src/Codec, PackSchema.For) and the source generator (src/Generator, the
// schema constants it emits for each context): the one place that numbers, names and lays out a schema. Each side
// feeds it through a SchemaAdapter over its own contract model; SchemaText writes the canonical text of the result.
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;
using System.Text;

namespace Pack.Schema.Building;

/// <summary>
/// Numbers the types reachable from a root (docs/schema.md §1.3), names them (§1.2) and fills in members' defaults,
/// from an adapter's descriptions.
/// </summary>
/// <typeparam name="TType">A type.</typeparam>
internal sealed class SchemaBuilder<TType>
    where TType : class
{
    private readonly SchemaAdapter<TType> adapter;
    private readonly Dictionary<string, SchemaDescription<TType>> descriptions = new();
    private readonly Dictionary<string, int> indexes = new();
    private readonly List<SchemaEntry?> entries = new();
    private readonly List<TType> types = new();

    public SchemaBuilder(SchemaAdapter<TType> adapter) => this.adapter = adapter;

    /// <summary>Whether every member default of the last <see cref="Build"/> was known (else the contract form is incomplete and must not be used).</summary>
    public bool DefaultsKnown { get; private set; }

    /// <summary>The label (§1.2) of the last <see cref="Build"/>'s root: what a schema set (§2.4) calls it.</summary>
    public string RootLabel { get; private set; } = string.Empty;

    /// <summary>The entries of <paramref name="root"/>'s schema; <c>[0]</c> is the root.</summary>
    public SchemaEntry[] Build(TType root)
    {
        Visit(root);
        RootLabel = Label(root);
        var result = entries.Select(static e => e!).ToArray();

        // Defaults come second: the run-time adapter decodes a value with the schema itself, which needs every entry.
        DefaultsKnown = true;
        for (int i = 0; i < result.Length; i++)
        {
            if (result[i].Kind != SchemaKinds.Object || result[i].Members.Count == 0)
            {
                continue;
            }

            if (!adapter.TryGetDefaults(types[i], result, i, out string?[] defaults))
            {
                DefaultsKnown = false;
                continue;
            }

            var members = result[i].Members;
            for (int m = 0; m < members.Count; m++)
            {
                members[m] = (members[m].Name, members[m].Type, defaults[m]);
            }
        }

        return result;
    }

    private SchemaDescription<TType> Describe(TType type)
    {
        string identity = adapter.Identity(type);
        if (!descriptions.TryGetValue(identity, out var description))
        {
            description = adapter.Describe(type);
            descriptions[identity] = description;
        }

        return description;
    }

    /// <summary>
    /// The identity of a type in one schema (§1.3): named types by their identity, the others by structure, nullability
    /// included (<c>Memory&lt;int&gt;</c>, never null, and <c>int[]</c> are two <c>list</c> entries).
    /// </summary>
    private string Key(TType type)
    {
        var d = Describe(type);
        string nullable = d.Nullable ? string.Empty : "!";
        return d.Kind switch
        {
            SchemaKinds.Primitive => "p:" + d.Primitive,
            SchemaKinds.Nullable or SchemaKinds.List or SchemaKinds.Set => d.Kind + nullable + "<" + Key(d.Parts[0]) + ">",
            SchemaKinds.Map => "map" + nullable + "<" + Key(d.Parts[0]) + "," + Key(d.Parts[1]) + ">",
            _ => "t:" + adapter.Identity(type),
        };
    }

    private int Visit(TType type)
    {
        string key = Key(type);
        if (indexes.TryGetValue(key, out int existing))
        {
            return existing;
        }

        var d = Describe(type);
        int index = entries.Count;
        indexes[key] = index;
        entries.Add(null);
        types.Add(type);

        // Union cases are walked by ascending tag (§1.3); the other parts in the adapter's order.
        int[] order = Enumerable.Range(0, d.Parts.Length).ToArray();
        if (d.Kind == SchemaKinds.Union)
        {
            order = order.OrderBy(i => d.Tags[i]).ToArray();
        }

        var parts = new int[d.Parts.Length];
        foreach (int i in order)
        {
            parts[i] = Visit(d.Parts[i]);
        }

        var entry = new SchemaEntry(d.Kind, d.Nullable);
        switch (d.Kind)
        {
            case SchemaKinds.Primitive:
                entry.Primitive = d.Primitive;
                entry.Width = d.Width;
                entry.Signed = SchemaPrimitives.Signed(d.Primitive!);
                break;
            case SchemaKinds.Nullable:
            case SchemaKinds.List:
            case SchemaKinds.Set:
                entry.Element = parts[0];
                break;
            case SchemaKinds.Map:
                entry.Key = parts[0];
                entry.Value = parts[1];
                break;
            case SchemaKinds.Enum:
                entry.Name = NameOf(type);
                entry.Element = parts[0];
                foreach (var value in d.EnumValues
                    .OrderBy(static v => BigInteger.Parse(v.Value, CultureInfo.InvariantCulture))
                    .ThenBy(static v => v.Name, System.StringComparer.Ordinal))
                {
                    entry.Values.Add((value.Name, value.Value));
                }

                break;
            case SchemaKinds.Union:
                entry.Name = NameOf(type);
                foreach (int i in order)
                {
                    entry.Cases.Add((d.Tags[i], parts[i]));
                }

                break;
            default:
                entry.Name = NameOf(type);
                entry.Width = d.Width;
                for (int i = 0; i < parts.Length; i++)
                {
                    entry.Members.Add((d.MemberNames[i], parts[i], null));
                }

                break;
        }

        entries[index] = entry;
        return index;
    }

    /// <summary>The label of a type (§1.2): its primitive name, its name, or the shape of its parts' labels.</summary>
    private string Label(TType type)
    {
        var d = Describe(type);
        return d.Kind switch
        {
            SchemaKinds.Primitive => d.Primitive!,
            SchemaKinds.Nullable or SchemaKinds.List or SchemaKinds.Set => d.Kind + "<" + Label(d.Parts[0]) + ">",
            SchemaKinds.Map => "map<" + Label(d.Parts[0]) + "," + Label(d.Parts[1]) + ">",
            _ => NameOf(type),
        };
    }

    /// <summary>The name of a named type (§1.2): the namespace-qualified name, then its generic arguments' labels.</summary>
    private string NameOf(TType type)
    {
        var arguments = adapter.GenericArguments(type);
        if (arguments.Count == 0)
        {
            return adapter.NameStem(type);
        }

        var builder = new StringBuilder(adapter.NameStem(type)).Append('<');
        for (int i = 0; i < arguments.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }

            builder.Append(Label(arguments[i]));
        }

        return builder.Append('>').ToString();
    }
}
