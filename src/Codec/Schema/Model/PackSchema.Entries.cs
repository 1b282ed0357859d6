using System.Text.Json.Nodes;
using Pack.Schema.Building;

namespace Pack.Schema;

public sealed partial class PackSchema
{
    /// <summary>The public type entries of the shared builder's plain entries (defaults parsed from their canonical text).</summary>
    internal static PackSchemaType[] ToTypes(IReadOnlyList<SchemaEntry> entries)
    {
        var types = new PackSchemaType[entries.Count];
        for (int i = 0; i < types.Length; i++)
        {
            var entry = entries[i];
            var kind = ParseKind(entry.Kind);
            var members = new PackSchemaMember[entry.Members.Count];
            for (int m = 0; m < members.Length; m++)
            {
                var member = entry.Members[m];
                members[m] = new PackSchemaMember(member.Name, member.Type, member.Default is null ? null : JsonNode.Parse(member.Default), member.Nullability);
            }

            types[i] = new PackSchemaType(kind, entry.Nullable)
            {
                Name = entry.Name,
                Primitive = entry.Primitive,
                Width = entry.Width,
                Signed = entry.Signed,
                Element = entry.Element,
                Key = entry.Key,
                Value = entry.Value,
                Members = members,
                Cases = [.. entry.Cases.Select(c => new PackSchemaUnionCase(c.Tag, c.Type))],
                Values = [.. entry.Values.Select(v => new PackSchemaEnumValue(v.Name, v.Value))],
            };
        }

        return types;
    }

    /// <summary>This schema as the shared builder's plain entries, for <see cref="SchemaText"/> (defaults as canonical text).</summary>
    private SchemaEntry[] ToEntries()
    {
        var entries = new SchemaEntry[Types.Count];
        for (int i = 0; i < entries.Length; i++)
        {
            var type = Types[i];
            var entry = new SchemaEntry(KindName(type.Kind), type.Nullable)
            {
                Name = type.Name,
                Primitive = type.Primitive,
                Width = type.Width,
                Signed = type.Signed,
                Element = type.Element,
                Key = type.Key,
                Value = type.Value,
            };
            foreach (var member in type.Members)
            {
                entry.Members.Add((member.Name, member.Type, member.Default is null ? null : CanonicalJson.Write(member.Default), member.Nullability));
            }

            foreach (var unionCase in type.Cases)
            {
                entry.Cases.Add((unionCase.Tag, unionCase.Type));
            }

            foreach (var value in type.Values)
            {
                entry.Values.Add((value.Name, value.Value));
            }

            entries[i] = entry;
        }

        return entries;
    }
}
