using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema.Building;

namespace Pack.Schema;

public sealed partial class PackSchema
{
    /// <summary>The schema document (docs/schema.md §1) as JSON.</summary>
    /// <param name="wire"><see langword="true"/> for the wire form (names and defaults removed).</param>
    public JsonObject ToJson(bool wire = false)
    {
        var types = new JsonArray();
        foreach (var type in Types)
        {
            types.Add((JsonNode)ToJson(type, wire));
        }

        return new JsonObject { ["format"] = Format, ["types"] = types };
    }

    /// <summary>Reads a schema document (docs/schema.md §1), contract or wire form.</summary>
    /// <param name="json">The JSON text.</param>
    /// <exception cref="FormatException">The text is not a valid schema (not JSON, an object with two members of one name, or a rule of §1.5 broken); the message says where.</exception>
    public static PackSchema Parse(string json)
    {
        ArgumentNullException.ThrowIfNull(json);
        return FromJson(StrictSchemaJson.Parse(json));
    }

    /// <summary>Reads a schema document (docs/schema.md §1) from parsed JSON.</summary>
    /// <param name="node">The document.</param>
    /// <exception cref="FormatException">The document is not a valid schema; the message says where.</exception>
    public static PackSchema FromJson(JsonNode? node)
    {
        if (node is not JsonObject document || (string?)Get<string>(document, "format", "$") != Format || document["types"] is not JsonArray array || array.Count == 0)
        {
            throw new FormatException($"A schema is an object with \"format\": \"{Format}\" and a non-empty \"types\" array.");
        }

        var types = new PackSchemaType[array.Count];
        for (int i = 0; i < array.Count; i++)
        {
            types[i] = ReadType(array[i] as JsonObject ?? throw new FormatException($"types[{i}] is not an object."), $"types[{i}]", array.Count);
        }

        Validate(types);
        var schema = new PackSchema(types);
        CheckNullability(schema);
        return schema;
    }

    /// <summary>
    /// Checks each member's nullability annotation against its type's reference positions (§1.4), and reads one that is
    /// only <c>~</c> as absent, as the canonical form writes it.
    /// </summary>
    private static void CheckNullability(PackSchema schema)
    {
        SchemaEntry[]? entries = null;
        for (int i = 0; i < schema.Types.Count; i++)
        {
            if (schema.Types[i].Members is not PackSchemaMember[] members)
            {
                continue;
            }

            for (int m = 0; m < members.Length; m++)
            {
                var member = members[m];
                if (member.Nullability is not { } text)
                {
                    continue;
                }

                entries ??= schema.ToEntries();
                int positions;
                try
                {
                    positions = SchemaNullability.CountPositions(entries, member.Type);
                }
                catch (FormatException exception)
                {
                    throw new FormatException($"types[{i}].members[{m}]: {exception.Message}", exception);
                }

                if (!SchemaNullability.IsValid(text, positions))
                {
                    throw new FormatException($"types[{i}].members[{m}]: \"nullability\" must have one of '?', '!', '~' for each of the type's {positions} reference positions (docs/schema.md §1.4).");
                }

                if (SchemaNullability.Normalize(text) is null)
                {
                    members[m] = new PackSchemaMember(member.Name, member.Type, member.Default);
                }
            }
        }
    }

    private static JsonObject ToJson(PackSchemaType type, bool wire)
    {
        var json = new JsonObject { ["kind"] = KindName(type.Kind), ["nullable"] = type.Nullable };
        if (!wire && type.Name is not null)
        {
            json["name"] = type.Name;
        }

        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                json["primitive"] = type.Primitive;
                if (type.Width > 0)
                {
                    json["width"] = type.Width;
                }

                if (type.Signed is { } signed)
                {
                    json["signed"] = signed;
                }

                break;
            case PackSchemaKind.Enum:
                json["underlying"] = type.Element;
                var values = new JsonArray();
                foreach (var value in type.Values)
                {
                    var entry = new JsonObject { ["value"] = value.Value };
                    if (!wire && value.Name is not null)
                    {
                        entry["name"] = value.Name;
                    }

                    values.Add((JsonNode)entry);
                }

                json["values"] = values;
                break;
            case PackSchemaKind.Nullable:
            case PackSchemaKind.List:
            case PackSchemaKind.Set:
                json["element"] = type.Element;
                break;
            case PackSchemaKind.Map:
                json["key"] = type.Key;
                json["value"] = type.Value;
                break;
            case PackSchemaKind.Union:
                var cases = new JsonArray();
                foreach (var unionCase in type.Cases)
                {
                    cases.Add((JsonNode)new JsonObject { ["tag"] = unionCase.Tag, ["type"] = unionCase.Type });
                }

                json["cases"] = cases;
                break;
            default:
                if (type.Kind == PackSchemaKind.FrozenStruct)
                {
                    json["width"] = type.Width;
                }

                var members = new JsonArray();
                foreach (var member in type.Members)
                {
                    var entry = new JsonObject { ["type"] = member.Type };
                    if (!wire && member.Name is not null)
                    {
                        entry["name"] = member.Name;
                    }

                    if (!wire && member.Default is not null)
                    {
                        entry["default"] = member.Default.DeepClone();
                    }

                    if (!wire && member.Nullability is not null)
                    {
                        entry["nullability"] = member.Nullability;
                    }

                    members.Add((JsonNode)entry);
                }

                json["members"] = members;
                break;
        }

        return json;
    }

    private static string KindName(PackSchemaKind kind) => kind switch
    {
        PackSchemaKind.Primitive => SchemaKinds.Primitive,
        PackSchemaKind.Enum => SchemaKinds.Enum,
        PackSchemaKind.Nullable => SchemaKinds.Nullable,
        PackSchemaKind.List => SchemaKinds.List,
        PackSchemaKind.Set => SchemaKinds.Set,
        PackSchemaKind.Map => SchemaKinds.Map,
        PackSchemaKind.Object => SchemaKinds.Object,
        PackSchemaKind.FrozenStruct => SchemaKinds.FrozenStruct,
        _ => SchemaKinds.Union,
    };

    private static PackSchemaKind ParseKind(string kindName) => kindName switch
    {
        SchemaKinds.Primitive => PackSchemaKind.Primitive,
        SchemaKinds.Enum => PackSchemaKind.Enum,
        SchemaKinds.Nullable => PackSchemaKind.Nullable,
        SchemaKinds.List => PackSchemaKind.List,
        SchemaKinds.Set => PackSchemaKind.Set,
        SchemaKinds.Map => PackSchemaKind.Map,
        SchemaKinds.Object => PackSchemaKind.Object,
        SchemaKinds.FrozenStruct => PackSchemaKind.FrozenStruct,
        SchemaKinds.Union => PackSchemaKind.Union,
        _ => throw new FormatException($"unknown kind \"{kindName}\"."),
    };

    private static PackSchemaType ReadType(JsonObject json, string at, int count)
    {
        string kindName = Get<string>(json, "kind", at) ?? throw new FormatException($"{at}: \"kind\" is missing.");
        PackSchemaKind kind;
        try
        {
            kind = ParseKind(kindName);
        }
        catch (FormatException exception)
        {
            throw new FormatException($"{at}: {exception.Message}", exception);
        }

        bool nullable = json["nullable"] is JsonValue n && n.TryGetValue(out bool b) ? b : throw new FormatException($"{at}: \"nullable\" must be true or false.");
        // Only the named kinds have a name (§1.1); on any other it is a property the kind does not have, ignored (§1.5).
        string? name = kind is PackSchemaKind.Enum or PackSchemaKind.Object or PackSchemaKind.FrozenStruct or PackSchemaKind.Union ? Get<string>(json, "name", at) : null;
        return kind switch
        {
            PackSchemaKind.Primitive => new PackSchemaType(kind, nullable)
            {
                Primitive = Get<string>(json, "primitive", at) ?? throw new FormatException($"{at}: \"primitive\" is missing."),
                Width = PrimitiveWidth(json, at),
                // Normalised (docs/schema.md §2.1): an integer primitive's "signed" follows from its name, so a document that
                // leaves it out has the canonical text, and the fingerprints, of one that gives it.
                Signed = json["signed"] is null ? SchemaPrimitives.Signed(Get<string>(json, "primitive", at) ?? string.Empty) : Get<bool>(json, "signed", at),
            },
            PackSchemaKind.Enum => new PackSchemaType(kind, nullable)
            {
                Name = name,
                Element = Index(json, "underlying", at, count),
                Values = Entries(json, "values", at)
                    .Select((v, i) => new PackSchemaEnumValue(Get<string>(v, "name", $"{at}.values[{i}]"), Get<string>(v, "value", $"{at}.values[{i}]") ?? throw new FormatException($"{at}.values[{i}]: \"value\" is missing.")))
                    .ToArray(),
            },
            PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set => new PackSchemaType(kind, nullable) { Element = Index(json, "element", at, count) },
            PackSchemaKind.Map => new PackSchemaType(kind, nullable) { Key = Index(json, "key", at, count), Value = Index(json, "value", at, count) },
            PackSchemaKind.Union => new PackSchemaType(kind, nullable)
            {
                Name = name,
                Cases = Entries(json, "cases", at)
                    .Select((c, i) => new PackSchemaUnionCase(Index(c, "tag", $"{at}.cases[{i}]", ushort.MaxValue), Index(c, "type", $"{at}.cases[{i}]", count)))
                    .ToArray(),
            },
            _ => new PackSchemaType(kind, nullable)
            {
                Name = name,
                Width = kind == PackSchemaKind.FrozenStruct ? Index(json, "width", at, int.MaxValue) : 0,
                Members = Entries(json, "members", at)
                    .Select((m, i) => new PackSchemaMember(Get<string>(m, "name", $"{at}.members[{i}]"), Index(m, "type", $"{at}.members[{i}]", count), Default(m, $"{at}.members[{i}]"), Get<string>(m, "nullability", $"{at}.members[{i}]")))
                    .ToArray(),
            },
        };
    }

    /// <summary>
    /// The objects of the array <paramref name="property"/> (values, cases, members), one at a time: each is checked to
    /// be an object when it is reached, after the properties of the one before (docs/schema.md §1.5, the order of the checks).
    /// </summary>
    private static IEnumerable<JsonObject> Entries(JsonObject json, string property, string at)
    {
        if (json[property] is not JsonArray array)
        {
            throw new FormatException($"{at}: \"{property}\" is missing or not an array.");
        }

        return EntriesOf(array, property, at);
    }

    private static IEnumerable<JsonObject> EntriesOf(JsonArray array, string property, string at)
    {
        for (int i = 0; i < array.Count; i++)
        {
            yield return array[i] as JsonObject ?? throw new FormatException($"{at}.{property}[{i}] is not an object.");
        }
    }

    private static T? Get<T>(JsonObject json, string property, string at)
    {
        if (json[property] is not JsonNode node)
        {
            return default;
        }

        return node is JsonValue value && value.TryGetValue(out T? result) ? result : throw new FormatException($"{at}: \"{property}\" has the wrong type.");
    }

    /// <summary>A member's <c>default</c>, whose numbers are integers below 2^53 (docs/schema.md §2.1): its canonical text is hashed.</summary>
    private static JsonNode? Default(JsonObject member, string at)
    {
        var value = member["default"];
        try
        {
            CanonicalJson.Write(value);
        }
        catch (FormatException exception)
        {
            throw new FormatException($"{at}: \"default\": {exception.Message}", exception);
        }

        return value?.DeepClone();
    }

    /// <summary>A primitive's <c>width</c>: absent (0, a string) or a number of bytes; a present 0 would be a string's width written out.</summary>
    private static int PrimitiveWidth(JsonObject json, string at)
    {
        if (!json.ContainsKey("width"))
        {
            return 0;
        }

        int width = Index(json, "width", at, int.MaxValue);
        return width > 0 ? width : throw new FormatException($"{at}: \"width\" must be absent (a string) or an integer from 1 to {int.MaxValue - 1}.");
    }

    private static int Index(JsonObject json, string property, string at, int limit)
    {
        // By value, as JSON has one kind of number (and JavaScript's reader sees no other): 1.0 and 1e0 are the index 1.
        if (json[property] is JsonValue value && value.GetValueKind() == JsonValueKind.Number)
        {
            if (value.TryGetValue(out int index) && index >= 0 && index < limit)
            {
                return index;
            }

            if (value.TryGetValue(out double number) && number == Math.Floor(number) && number >= 0 && number < limit)
            {
                return (int)number;
            }
        }

        throw new FormatException($"{at}: \"{property}\" must be an integer from 0 to {limit - 1}.");
    }
}
