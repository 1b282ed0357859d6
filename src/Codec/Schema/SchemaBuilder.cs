using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.Json.Nodes;

namespace Pack.Schema;

/// <summary>Numbers the types reachable from a root (docs/schema.md §1.3) from <see cref="ContractDescriber"/>'s descriptions, then fills in members' defaults.</summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
internal sealed class SchemaBuilder
{
    private readonly Dictionary<Type, ContractDescription> descriptions = [];
    private readonly Dictionary<string, int> indexes = new(StringComparer.Ordinal);
    private readonly List<PackSchemaType?> types = [];
    private readonly List<Type> clrTypes = [];

    public PackSchema Build(Type root)
    {
        Visit(root);
        var entries = types.ToArray()!;

        // Defaults come second: the codec reads an object with no members, and the schema decoder writes each member's
        // value in the §14 JSON mapping, which needs the member's type entry (and the entries it reaches) in place.
        for (int i = 0; i < entries.Length; i++)
        {
            if (entries[i]!.Kind == PackSchemaKind.Object && entries[i]!.Members.Count > 0)
            {
                entries[i] = WithDefaults(entries[i]!, clrTypes[i], entries!);
            }
        }

        return new PackSchema(entries!);
    }

    private ContractDescription Describe(Type type)
    {
        if (!descriptions.TryGetValue(type, out var description))
        {
            description = ContractDescriber.Describe(type);
            descriptions[type] = description;
        }

        return description;
    }

    /// <summary>The identity of a type in one schema: named types by CLR identity, the others by structure.</summary>
    private string Key(Type type)
    {
        var d = Describe(type);
        return d.Kind switch
        {
            PackSchemaKind.Primitive => "p:" + d.Primitive,
            PackSchemaKind.Nullable => "nullable<" + Key(d.Parts[0]) + ">",
            PackSchemaKind.List => "list<" + Key(d.Parts[0]) + ">",
            PackSchemaKind.Set => "set<" + Key(d.Parts[0]) + ">",
            PackSchemaKind.Map => "map<" + Key(d.Parts[0]) + "," + Key(d.Parts[1]) + ">",
            _ => "t:" + (type.AssemblyQualifiedName ?? type.FullName ?? type.Name),
        };
    }

    private int Visit(Type type)
    {
        string key = Key(type);
        if (indexes.TryGetValue(key, out int existing))
        {
            return existing;
        }

        var d = Describe(type);
        int index = types.Count;
        indexes[key] = index;
        types.Add(null);
        clrTypes.Add(type);
        var parts = new int[d.Parts.Length];
        for (int i = 0; i < parts.Length; i++)
        {
            parts[i] = Visit(d.Parts[i]);
        }

        types[index] = d.Kind switch
        {
            PackSchemaKind.Primitive => new PackSchemaType(d.Kind, d.Nullable)
            {
                Primitive = d.Primitive,
                Width = d.Width,
                Signed = d.Primitive![0] is 'i' or 'u' && d.Primitive.Length > 1 && char.IsAsciiDigit(d.Primitive[1]) ? d.Primitive[0] == 'i' : null,
            },
            PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set => new PackSchemaType(d.Kind, d.Nullable) { Element = parts[0] },
            PackSchemaKind.Map => new PackSchemaType(d.Kind, d.Nullable) { Key = parts[0], Value = parts[1] },
            PackSchemaKind.Enum => new PackSchemaType(d.Kind, d.Nullable)
            {
                Name = NameOf(type),
                Element = parts[0],
                Values = [.. d.EnumValues
                    .OrderBy(v => BigInteger.Parse(v.Value, CultureInfo.InvariantCulture))
                    .ThenBy(v => v.Name, StringComparer.Ordinal)
                    .Select(v => new PackSchemaEnumValue(v.Name, v.Value))],
            },
            PackSchemaKind.Union => new PackSchemaType(d.Kind, d.Nullable)
            {
                Name = NameOf(type),
                Cases = [.. d.Tags.Select((tag, i) => new PackSchemaUnionCase(tag, parts[i]))],
            },
            _ => new PackSchemaType(d.Kind, d.Nullable)
            {
                Name = NameOf(type),
                Width = d.Width,
                Members = [.. d.MemberNames.Select((name, i) => new PackSchemaMember(name, parts[i]))],
            },
        };

        return index;
    }

    private string Label(Type type)
    {
        var d = Describe(type);
        return d.Kind switch
        {
            PackSchemaKind.Primitive => d.Primitive!,
            PackSchemaKind.Nullable => "nullable<" + Label(d.Parts[0]) + ">",
            PackSchemaKind.List => "list<" + Label(d.Parts[0]) + ">",
            PackSchemaKind.Set => "set<" + Label(d.Parts[0]) + ">",
            PackSchemaKind.Map => "map<" + Label(d.Parts[0]) + "," + Label(d.Parts[1]) + ">",
            _ => NameOf(type),
        };
    }

    private string NameOf(Type type)
    {
        var builder = new StringBuilder();
        var chain = new List<Type>();
        for (var current = type; current is not null; current = current.IsNested ? current.DeclaringType : null)
        {
            chain.Add(current);
        }

        chain.Reverse();
        if (!string.IsNullOrEmpty(chain[0].Namespace))
        {
            builder.Append(chain[0].Namespace).Append('.');
        }

        for (int i = 0; i < chain.Count; i++)
        {
            string name = chain[i].Name;
            int tick = name.IndexOf('`', StringComparison.Ordinal);
            builder.Append(tick >= 0 ? name[..tick] : name);
            if (i < chain.Count - 1)
            {
                builder.Append('.');
            }
        }

        if (type.IsGenericType)
        {
            builder.Append('<').AppendJoin(',', type.GetGenericArguments().Select(Label)).Append('>');
        }

        return builder.ToString();
    }

    private static PackSchemaType WithDefaults(PackSchemaType entry, Type type, PackSchemaType[] entries)
    {
        var memberTypes = ContractDescriber.Describe(type).Parts;
        object?[] absent = ContractDescriber.AbsentMemberValues(type);
        var members = new PackSchemaMember[entry.Members.Count];
        for (int i = 0; i < members.Length; i++)
        {
            var member = entry.Members[i];
            var json = ValueJson(absent[i], memberTypes[i], member.Type, entries);
            var zero = ValueJson(ContractDescriber.ZeroValue(memberTypes[i]), memberTypes[i], member.Type, entries);
            members[i] = JsonNode.DeepEquals(json, zero) ? member : new PackSchemaMember(member.Name, member.Type, json);
        }

        return new PackSchemaType(entry.Kind, entry.Nullable) { Name = entry.Name, Width = entry.Width, Members = members };
    }

    private static JsonNode? ValueJson(object? value, Type type, int index, PackSchemaType[] entries)
    {
        byte[] bytes = PackSerializer.Serialize(value, type);
        var decoded = SchemaDecoder.Decode(entries, index, bytes, out var error);
        if (error is not null)
        {
            throw new InvalidOperationException($"The schema of {type} does not read the codec's own bytes: {error.Message}", error);
        }

        return decoded.ToJson(entries);
    }
}
