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
        Annotate(result);

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
                members[m] = (members[m].Name, members[m].Type, defaults[m], members[m].Nullability);
            }
        }

        return result;
    }

    /// <summary>
    /// Fills in each member's nullability annotation (docs/schema.md §1.4): the adapter's annotation of the member's
    /// declared type, walked along the positions of its schema type. The entries must be complete, as a member's type
    /// may be an object still being numbered when the member is (a recursive type).
    /// </summary>
    private void Annotate(SchemaEntry[] result)
    {
        for (int i = 0; i < result.Length; i++)
        {
            if (result[i].Kind is not (SchemaKinds.Object or SchemaKinds.FrozenStruct))
            {
                continue;
            }

            var d = Describe(types[i]);
            var members = result[i].Members;
            for (int m = 0; m < members.Count; m++)
            {
                var annotation = m < d.MemberAnnotations.Length ? d.MemberAnnotations[m] : null;
                var text = new StringBuilder();
                AppendStates(result, members[m].Type, d.Parts[m], annotation, text);
                members[m] = (members[m].Name, members[m].Type, members[m].Default, SchemaNullability.Normalize(text.ToString()));
            }
        }
    }

    /// <summary>
    /// Appends the state of each position of the type at <paramref name="index"/> (its own, then its element's or its
    /// key's and value's): a struct with a null encoding is nullable (its default is written as null, whatever C# says);
    /// otherwise the annotation's state, or oblivious where there is none. An annotation's arguments stand for the
    /// schema's parts only when they are the same types in the same order (<c>List&lt;string?&gt;</c>, <c>string?[]</c>,
    /// <c>Dictionary&lt;K, V&gt;</c>); a collection whose element is not its own type argument has oblivious parts.
    /// </summary>
    private void AppendStates(SchemaEntry[] entries, int index, TType type, SchemaAnnotation<TType>? annotation, StringBuilder text)
    {
        var entry = entries[index];
        if (SchemaNullability.IsPosition(entry))
        {
            text.Append(adapter.IsValueType(type) ? SchemaNullability.Nullable : annotation?.State ?? SchemaNullability.Oblivious);
        }

        int[] parts = SchemaNullability.Parts(entry);
        if (parts.Length == 0)
        {
            return;
        }

        var partTypes = Describe(type).Parts;
        var arguments = annotation?.Arguments;
        if (arguments is not null && arguments.Length == partTypes.Length)
        {
            for (int p = 0; p < partTypes.Length; p++)
            {
                if (adapter.Identity(arguments[p].Type) != adapter.Identity(partTypes[p]))
                {
                    arguments = null;
                    break;
                }
            }
        }
        else
        {
            arguments = null;
        }

        for (int p = 0; p < parts.Length; p++)
        {
            AppendStates(entries, parts[p], partTypes[p], arguments?[p], text);
        }
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
                    entry.Members.Add((d.MemberNames[i], parts[i], null, null));
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
