using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// <c>pack ts</c>: TypeScript from a Pack schema (docs/schema.md), for the <c>@pack/client</c> runtime in
/// clients/typescript. It writes interfaces, and per type standalone <c>readX</c>/<c>writeX</c> functions plus
/// <c>decodeX</c>/<c>encodeX</c> payload entry points (plain exported functions, so a bundler drops what a page does
/// not use), and each root's wire and contract fingerprints as constants. The input is a <c>pack-schema/1</c> document
/// or a <c>pack-schema-set/1</c> (whose recorded fingerprints are checked); types are merged across the set's schemas
/// by their label (§1.2), so a type shared by several roots is emitted once.
/// </summary>
public sealed partial class TypeScriptGenerator
{
    private static readonly HashSet<string> TypedArrayPrimitives = ["i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"];

    /// <summary>
    /// Names a generated type may not take: the globals the generated code refers to and the runtime's exports it imports
    /// (an interface named <c>Map</c> would change what every <c>Map&lt;K, V&gt;</c> in the module means).
    /// </summary>
    private static readonly HashSet<string> TakenTypeNames = new(StringComparer.Ordinal)
    {
        "Array", "AsyncGenerator", "AsyncIterable", "BigInt", "BigInt64Array", "BigUint64Array", "Boolean", "Date", "Error",
        "Float32Array", "Float64Array", "Int8Array", "Int16Array", "Int32Array", "Iterable", "Map", "Number", "Object", "Partial",
        "Promise", "Readonly", "Record", "Set", "String", "Symbol", "Uint8Array", "Uint16Array", "Uint32Array",
        "CallOptions", "DecodeOptions", "EncodeOptions", "EndpointOptions", "EndpointStreamOptions", "NO_RESPONSE_BODY", "NULL_OBJECT",
        "PackClient", "PackDateTime", "PackDateTimeOffset", "PackReader", "PackWriter",
    };

    private readonly Dictionary<string, SchemaType> _types = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _identifiers = new(StringComparer.Ordinal);
    private readonly HashSet<string> _usedIdentifiers = new(StringComparer.Ordinal);
    private readonly List<RootSchema> _roots = [];
    private readonly HashSet<string> _imports = new(StringComparer.Ordinal);
    private readonly Dictionary<string, bool> _zeroHoldsForbiddenNull = new(StringComparer.Ordinal);

    /// <summary>Creates a generator.</summary>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    public TypeScriptGenerator(TypeScriptGeneratorOptions? options = null)
    {
        Options = options ?? new TypeScriptGeneratorOptions();
    }

    /// <summary>The options.</summary>
    public TypeScriptGeneratorOptions Options { get; }

    /// <summary>Generates the TypeScript for a schema or schema set.</summary>
    /// <param name="schemaJson">The JSON text of a <c>pack-schema/1</c> or <c>pack-schema-set/1</c> document.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>File name (relative to the output folder) → content.</returns>
    /// <exception cref="FormatException">The schema is malformed, or a recorded fingerprint does not match its schema.</exception>
    public static IReadOnlyDictionary<string, string> Generate(string schemaJson, TypeScriptGeneratorOptions? options = null)
    {
        // PackSchemaSet reads a schema or a set and checks recorded fingerprints: the codec's rulebook, not a copy.
        return Generate(PackSchemaSet.Parse(schemaJson), options);
    }

    /// <summary>Generates the TypeScript for a schema set (for example one <c>pack schema export</c> wrote or <c>MapPackSchema</c> serves).</summary>
    /// <param name="schemas">The schemas; each is a root.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>File name (relative to the output folder) → content.</returns>
    /// <exception cref="FormatException">A schema is a wire form (it has no names to generate from).</exception>
    public static IReadOnlyDictionary<string, string> Generate(PackSchemaSet schemas, TypeScriptGeneratorOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(schemas);
        var generator = new TypeScriptGenerator(options);
        foreach (var schema in schemas.Schemas)
        {
            generator.AddSchema(schema);
        }

        generator.AddEndpoints(schemas.Endpoints);

        return new Dictionary<string, string>(StringComparer.Ordinal) { [generator.Options.FileName] = generator.Emit() };
    }

    /// <summary>Generates the TypeScript for a schema and writes it into a folder (created if missing).</summary>
    /// <param name="schemaJson">The schema JSON text.</param>
    /// <param name="outputDirectory">The folder.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>The paths written.</returns>
    public static IReadOnlyList<string> WriteTo(string schemaJson, string outputDirectory, TypeScriptGeneratorOptions? options = null)
    {
        Directory.CreateDirectory(outputDirectory);
        var written = new List<string>();
        foreach (var (name, text) in Generate(schemaJson, options))
        {
            var path = Path.Combine(outputDirectory, name);
            File.WriteAllText(path, text, new UTF8Encoding(false));
            written.Add(path);
        }

        return written;
    }

    // ---- loading ---------------------------------------------------------------------------------------------------

    private void AddSchema(PackSchema schema)
    {
        var entries = schema.Types;
        var labels = new string?[entries.Count];
        string Label(int index)
        {
            if (labels[index] is { } known)
            {
                return known;
            }

            // The merge key: PackSchema's label (§1.2), with a non-nullable list marked, as it is a different TS type.
            var e = entries[index];
            var label = e.Kind switch
            {
                PackSchemaKind.Primitive => e.Primitive!,
                PackSchemaKind.Nullable => $"nullable<{Label(e.Element)}>",
                PackSchemaKind.List => $"list<{Label(e.Element)}>" + (e.Nullable ? "" : "!"),
                PackSchemaKind.Set => $"set<{Label(e.Element)}>",
                PackSchemaKind.Map => $"map<{Label(e.Key)},{Label(e.Value)}>",
                _ => e.Name ?? throw WireForm(),
            };
            labels[index] = label;
            return label;
        }

        // The label of the type at `index` where a member's annotation (docs/schema.md §1.4) puts `!` (TS: no null) on
        // some of its positions: the plain label when only the position itself is `!` (the member site checks it), a
        // variant that checks its elements, keys or values where they are `!`.
        string Annotated(int index, string? annotation, ref int cursor, out bool nonNull)
        {
            var e = entries[index];
            nonNull = e.Nullable && e.Kind != PackSchemaKind.Nullable && annotation is not null && annotation[cursor++] == '!';
            int[] parts = e.Kind switch
            {
                PackSchemaKind.List or PackSchemaKind.Set or PackSchemaKind.Nullable => [e.Element],
                PackSchemaKind.Map => [e.Key, e.Value],
                _ => [],
            };
            var labels = new string[parts.Length];
            var strict = new bool[parts.Length];
            var plain = true;
            for (var p = 0; p < parts.Length; p++)
            {
                labels[p] = Annotated(parts[p], annotation, ref cursor, out strict[p]);

                // A map key is never null (wire-format §5), so its `!` checks nothing: a variant for it alone would be
                // the plain map again, emitted twice under one name when both are used.
                strict[p] &= !(e.Kind == PackSchemaKind.Map && p == 0);
                plain &= !strict[p] && labels[p] == Label(parts[p]);
            }

            if (plain)
            {
                return Label(index);
            }

            string Part(int p) => labels[p] + (strict[p] ? " not null" : "");
            var variant = e.Kind == PackSchemaKind.Map ? $"map<{Part(0)},{Part(1)}>" : $"{Label(index)[..Label(index).IndexOf('<', StringComparison.Ordinal)]}<{Part(0)}>" + (e.Nullable ? "" : "!");
            if (!_types.ContainsKey(variant))
            {
                _types[variant] = new SchemaType(variant, e.Kind, e.Nullable)
                {
                    Element = e.Kind == PackSchemaKind.Map ? null : labels[0],
                    Key = e.Kind == PackSchemaKind.Map ? labels[0] : null,
                    Value = e.Kind == PackSchemaKind.Map ? labels[1] : null,
                    ElementNonNull = e.Kind != PackSchemaKind.Map && strict[0],
                    ValueNonNull = e.Kind == PackSchemaKind.Map && strict[1],
                };
            }

            return variant;
        }

        for (var i = 0; i < entries.Count; i++)
        {
            var label = Label(i);
            if (_types.ContainsKey(label))
            {
                continue;
            }

            var e = entries[i];
            var type = new SchemaType(label, e.Kind, e.Nullable)
            {
                Name = e.Name,
                Primitive = e.Primitive,
                Width = e.Width,
                Element = e.Kind is PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set ? Label(e.Element) : null,
                Key = e.Kind == PackSchemaKind.Map ? Label(e.Key) : null,
                Value = e.Kind == PackSchemaKind.Map ? Label(e.Value) : null,
                Underlying = e.Kind == PackSchemaKind.Enum ? Label(e.Element) : null,
            };
            foreach (var m in e.Members)
            {
                var cursor = 0;
                var memberLabel = Annotated(m.Type, m.Nullability, ref cursor, out var nonNull);
                type.Members.Add(new SchemaMember(m.Name ?? throw WireForm(), memberLabel, m.Default?.DeepClone()) { NonNull = nonNull });
            }

            foreach (var c in e.Cases)
            {
                type.Cases.Add(new SchemaCase(c.Tag, Label(c.Type)));
            }

            foreach (var value in e.Values)
            {
                type.Values.Add((value.Name ?? throw WireForm(), value.Value));
            }

            _types[label] = type;
        }

        // Several C# roots can be one schema type (string[] and List<string> are both list<string>): emit it once.
        var root = Label(0);
        if (!_roots.Exists(r => r.Label == root))
        {
            _roots.Add(new RootSchema(root, schema.WireFingerprint, schema.ContractFingerprint, schema.Label, schema.CanonicalText));
        }
    }

    private static FormatException WireForm() =>
        new("The schema is a wire form (no names): TypeScript is generated from the contract form that pack schema export writes.");

    // ---- names -----------------------------------------------------------------------------------------------------

    private string Ident(string label)
    {
        if (_identifiers.TryGetValue(label, out var known))
        {
            return known;
        }

        var type = _types[label];
        string ident;
        if (type.Name is { } name)
        {
            ident = Sanitize(ShortName(name));
            if (ident.Length == 0 || TakenTypeNames.Contains(ident) || _usedIdentifiers.Contains(ident))
            {
                ident = Sanitize(name);
            }

            ident = Unique(ident.Length == 0 ? "Type" : ident);
        }
        else
        {
            ident = type.Kind switch
            {
                PackSchemaKind.Primitive => Pascal(type.Primitive!),
                PackSchemaKind.Nullable => "Nullable" + Ident(type.Element!),
                PackSchemaKind.List => (type.Nullable ? "ListOf" : "MemoryOf") + (type.ElementNonNull ? "NonNull" : "") + Ident(type.Element!),
                PackSchemaKind.Set => "SetOf" + (type.ElementNonNull ? "NonNull" : "") + Ident(type.Element!),
                PackSchemaKind.Map => "MapOf" + Ident(type.Key!) + "To" + (type.ValueNonNull ? "NonNull" : "") + Ident(type.Value!),
                _ => throw new FormatException($"No name for {label}."),
            };
            _usedIdentifiers.Add(ident);
        }

        _identifiers[label] = ident;
        return ident;
    }

    /// <summary>
    /// <paramref name="ident"/>, or with the first number from 2 that makes it unused when another type (or a global the
    /// module refers to) has it already: two types of one module never share their interface or functions.
    /// </summary>
    private string Unique(string ident)
    {
        var unique = ident;
        for (var n = 2; TakenTypeNames.Contains(unique) || !_usedIdentifiers.Add(unique); n++)
        {
            unique = ident + n.ToString(CultureInfo.InvariantCulture);
        }

        return unique;
    }

    private static string ShortName(string name)
    {
        var depth = 0;
        var start = 0;
        for (var i = 0; i < name.Length; i++)
        {
            switch (name[i])
            {
                case '<': depth++; break;
                case '>': depth--; break;
                case '.' when depth == 0: start = i + 1; break;
            }
        }

        return name[start..];
    }

    private static string Sanitize(string name)
    {
        var builder = new StringBuilder();
        var upper = true;
        foreach (var c in name)
        {
            if (char.IsAsciiLetterOrDigit(c) || c == '_')
            {
                builder.Append(upper ? char.ToUpperInvariant(c) : c);
                upper = false;
            }
            else
            {
                upper = true;
            }
        }

        return builder.Length > 0 && char.IsAsciiDigit(builder[0]) ? "T" + builder : builder.ToString();
    }

    private static string Pascal(string s) => s.Length == 0 ? s : char.ToUpperInvariant(s[0]) + s[1..];

    private static string Property(string name) =>
        name.Length > 0 && (char.IsAsciiLetter(name[0]) || name[0] is '_' or '$') && name.All(c => char.IsAsciiLetterOrDigit(c) || c is '_' or '$')
            ? name
            : Quote(name);

    /// <summary>
    /// A key in an object literal: as <see cref="Property"/>, but <c>__proto__</c> computed, since <c>{ __proto__: v }</c>
    /// (quoted or not) sets the object's prototype instead of giving it a member.
    /// </summary>
    private static string Key(string name) => name == "__proto__" ? $"[{Quote(name)}]" : Property(name);

    /// <summary>
    /// Text from the schema (a type's name, a route) for a <c>/** … */</c> or <c>//</c> comment: it can neither end the
    /// comment nor the line, so it stays a comment whatever it holds.
    /// </summary>
    private static string Comment(string? text)
    {
        var builder = new StringBuilder(text?.Length ?? 0);
        foreach (var c in text ?? string.Empty)
        {
            builder.Append(char.IsControl(c) || c is '\u2028' or '\u2029' ? ' ' : c);
        }

        return builder.Replace("*/", "* /").ToString();
    }

    /// <summary>An integer (an enum value, a 64-bit default, ticks) as TypeScript source: only digits with an optional '-'.</summary>
    private static string Integer(string? text, string what)
    {
        if (text is null || !System.Numerics.BigInteger.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value))
        {
            throw new FormatException($"{what} is not an integer: {Quote(text ?? "null")}.");
        }

        return value.ToString(CultureInfo.InvariantCulture);
    }

    private static string Quote(string s) => JsonSerializer.Serialize(s);

    /// <summary>A single-quoted JavaScript string literal that keeps JSON's double quotes and non-ASCII text as they are (compact).</summary>
    private static string SingleQuote(string s)
    {
        var builder = new StringBuilder(s.Length + 2).Append('\'');
        foreach (var c in s)
        {
            switch (c)
            {
                case '\'': builder.Append("\\'"); break;
                case '\\': builder.Append("\\\\"); break;
                case < ' ' or '\u2028' or '\u2029' or (>= '\ud800' and <= '\udfff'):
                    builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}");
                    break;
                default: builder.Append(c); break;
            }
        }

        return builder.Append('\'').ToString();
    }

    private static string Access(string target, string member)
    {
        var property = Property(member);
        return property == member ? $"{target}.{member}" : $"{target}[{property}]";
    }

    // ---- TypeScript types, reads, writes -----------------------------------------------------------------------

    private string TsType(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => PrimitiveTsType(t.Primitive!),
            PackSchemaKind.Enum => Ident(label),
            PackSchemaKind.Nullable => $"{TsType(t.Element!)} | null",
            PackSchemaKind.List when TypedArray(t.Element!) is { } typed => typed + (t.Nullable ? " | null" : ""),
            PackSchemaKind.List => $"{Parenthesize(TsType(t.Element!, t.ElementNonNull))}[]" + (t.Nullable ? " | null" : ""),
            PackSchemaKind.Set => $"Set<{TsType(t.Element!, t.ElementNonNull)}> | null",
            PackSchemaKind.Map => $"Map<{TsType(t.Key!)}, {TsType(t.Value!, t.ValueNonNull)}> | null",
            PackSchemaKind.Object or PackSchemaKind.Union => Ident(label) + (t.Nullable ? " | null" : ""),
            PackSchemaKind.FrozenStruct => Ident(label),
            _ => throw new FormatException($"Unknown kind {t.Kind}."),
        };
    }

    /// <summary>The TypeScript type at a reference position: without <c>| null</c> where the annotation is <c>!</c> (docs/schema.md §6).</summary>
    private string TsType(string label, bool nonNull) => nonNull ? NonNull(label) : TsType(label);

    /// <summary>A read (<paramref name="nonNull"/>: one that fails on null at the value's offset, docs/schema.md §6).</summary>
    private string Read(string label, bool nonNull) => nonNull ? $"r.notNull(r.pos, {Read(label)})" : Read(label);

    /// <summary>A value to write (<paramref name="nonNull"/>: one that fails on null or undefined, docs/schema.md §6).</summary>
    private static string Checked(string value, bool nonNull) => nonNull ? $"w.notNull({value})" : value;

    private static string Parenthesize(string type) => type.Contains('|', StringComparison.Ordinal) ? $"({type})" : type;

    private string PrimitiveTsType(string primitive)
    {
        switch (primitive)
        {
            case "datetime":
                _imports.Add("type PackDateTime");
                return "PackDateTime";
            case "datetimeoffset":
                _imports.Add("type PackDateTimeOffset");
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

    private string? TypedArray(string elementLabel)
    {
        var t = _types[elementLabel];
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

    private static string PrimitiveMethod(string primitive) => primitive switch
    {
        "datetime" => "dateTime",
        "datetimeoffset" => "dateTimeOffset",
        "timespan" => "timeSpan",
        "dateonly" => "dateOnly",
        "timeonly" => "timeOnly",
        _ => primitive,
    };

    private string Read(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => $"r.{PrimitiveMethod(t.Primitive!)}()",
            PackSchemaKind.Enum => Read(t.Underlying!),
            _ => $"read{Ident(label)}(r)",
        };
    }

    private string Write(string label, string value)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => $"w.{PrimitiveMethod(t.Primitive!)}({value});",
            PackSchemaKind.Enum => Write(t.Underlying!, value),
            _ => $"write{Ident(label)}(w, {value});",
        };
    }

    private int MinLength(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => t.Primitive == "string" ? 4 : t.Width,
            PackSchemaKind.Enum => MinLength(t.Underlying!),
            PackSchemaKind.Nullable => 1,
            PackSchemaKind.FrozenStruct => t.Width,
            PackSchemaKind.Union => 2,
            _ => 4,
        };
    }

    /// <summary>
    /// Whether a TypeScript value of <paramref name="label"/> is its own §5.1 key in a Map/Set (numbers, bigints,
    /// booleans and strings other than the decimal and Guid texts); any other key is the runtime's (<c>keyOf</c> over
    /// the type's descriptor).
    /// </summary>
    private bool ComparesItself(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => t.Primitive is not ("decimal" or "guid" or "datetime" or "datetimeoffset"),
            PackSchemaKind.Enum => true,
            PackSchemaKind.Nullable => ComparesItself(t.Element!),
            _ => false,
        };
    }

    private string Zero(string label)
    {
        var t = _types[label];
        switch (t.Kind)
        {
            case PackSchemaKind.Primitive:
                return t.Primitive switch
                {
                    "bool" => "false",
                    "i64" or "u64" or "i128" or "u128" or "timespan" or "timeonly" => "0n",
                    "char" => "\"\\u0000\"",
                    "decimal" => "\"0\"",
                    "guid" => "\"00000000-0000-0000-0000-000000000000\"",
                    "datetime" => "{ ticks: 0n, kind: \"Unspecified\" }",
                    "datetimeoffset" => "{ ticks: 0n, offsetMinutes: 0 }",
                    "string" => "null",
                    _ => "0",
                };
            case PackSchemaKind.Enum:
                return Zero(t.Underlying!);
            case PackSchemaKind.List when !t.Nullable:
                return TypedArray(t.Element!) is { } typed ? $"new {typed}(0)" : "[]";
            case PackSchemaKind.FrozenStruct:
            case PackSchemaKind.Object when !t.Nullable:
                return "{ " + string.Join(", ", t.Members.Select(m => $"{Key(m.Name)}: {Zero(m.Type)}")) + " }";
            default:
                return "null";
        }
    }

    /// <summary>
    /// Whether the zero value of <paramref name="label"/> holds null at a <c>!</c> position: a struct object's zero value
    /// has null in every reference member (no initializers run, wire-format §11), so one with a <c>!</c> reference
    /// member, directly or in a struct member, is no value of its type. An absent member of such a type without a
    /// default is a decode error, as an absent <c>!</c> reference member is (docs/schema.md §6).
    /// </summary>
    /// <remarks>Struct objects cannot hold themselves (a schema reader rejects such a cycle, docs/schema.md §1.5), as <see cref="Zero"/> relies on too.</remarks>
    private bool ZeroHoldsForbiddenNull(string label)
    {
        if (!_zeroHoldsForbiddenNull.TryGetValue(label, out bool holds))
        {
            var t = _types[label];
            holds = t.Kind == PackSchemaKind.Object && !t.Nullable
                && t.Members.Any(m => (m.NonNull && Zero(m.Type) == "null") || ZeroHoldsForbiddenNull(m.Type));
            _zeroHoldsForbiddenNull[label] = holds;
        }

        return holds;
    }

    private string Literal(string label, JsonNode? json)
    {
        var t = _types[label];
        if (json is null)
        {
            return "null";
        }

        if (t.Kind == PackSchemaKind.Enum)
        {
            return Literal(t.Underlying!, json);
        }

        if (t.Kind == PackSchemaKind.Nullable)
        {
            return Literal(t.Element!, json);
        }

        if (EmptyCollectionLiteral(t, json) is { } empty)
        {
            return empty;
        }

        if (t.Kind != PackSchemaKind.Primitive)
        {
            throw new FormatException($"A default for {label} is not supported by the TypeScript generator.");
        }

        // Every literal is rebuilt from a value of the expected type, never copied from the schema's text: a default is
        // data, and must not become code in the generated module.
        string what = $"The default of type {label}";
        return t.Primitive switch
        {
            "i64" or "u64" or "i128" or "u128" or "timespan" or "timeonly" => Integer(Text(json, what), what) + "n",
            "f16" => Number((double)BitConverter.UInt16BitsToHalf((ushort)Bits(json, 4, what))),
            "f32" => Number(BitConverter.UInt32BitsToSingle((uint)Bits(json, 8, what))),
            "f64" => Number(BitConverter.UInt64BitsToDouble(Bits(json, 16, what))),
            "char" => Quote(((char)Int(json, char.MinValue, char.MaxValue, what)).ToString()),
            "datetime" => $"{{ ticks: {Integer(Text(Part(json, "ticks", what), what), what)}n, kind: {Quote(Text(Part(json, "kind", what), what))} }}",
            "datetimeoffset" => $"{{ ticks: {Integer(Text(Part(json, "ticks", what), what), what)}n, offsetMinutes: {Int(Part(json, "offsetMinutes", what), short.MinValue, short.MaxValue, what)} }}",
            "bool" => json is JsonValue b && b.TryGetValue(out bool flag) ? (flag ? "true" : "false") : throw new FormatException($"{what} is not true or false."),
            "u8" or "i8" or "u16" or "i16" or "u32" or "i32" or "dateonly" => Int(json, long.MinValue, long.MaxValue, what).ToString(CultureInfo.InvariantCulture),
            _ => Quote(Text(json, what)),
        };
    }

    private static string Text(JsonNode? json, string what)
        => json is JsonValue value && value.TryGetValue(out string? text) ? text : throw new FormatException($"{what} is not a string.");

    private static JsonNode? Part(JsonNode json, string name, string what)
        => json is JsonObject value ? value[name] : throw new FormatException($"{what} is not an object.");

    private static long Int(JsonNode? json, long min, long max, string what)
        => json is JsonValue value && value.TryGetValue(out long number) && number >= min && number <= max ? number : throw new FormatException($"{what} is not an integer from {min} to {max}.");

    private static ulong Bits(JsonNode json, int digits, string what)
    {
        var text = Text(json, what);
        return text.Length == digits && ulong.TryParse(text, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var bits)
            ? bits
            : throw new FormatException($"{what} is not {digits} hex digits.");
    }

    private static string Number(double d) =>
        double.IsNaN(d) ? "NaN"
        : double.IsPositiveInfinity(d) ? "Infinity"
        : double.IsNegativeInfinity(d) ? "-Infinity"
        : d == 0 && double.IsNegative(d) ? "-0"
        : d.ToString("R", CultureInfo.InvariantCulture);

    // ---- emitting --------------------------------------------------------------------------------------------------

    private string Emit()
    {
        var body = new StringBuilder();
        var emitted = new HashSet<string>(StringComparer.Ordinal);
        var used = Used();
        foreach (var label in _types.Keys)
        {
            if (used.Contains(label))
            {
                EmitType(body, label, emitted);
            }
        }

        EmitDescriptors(body);
        body.AppendLine("// ---- payloads and fingerprints ----");
        body.AppendLine();
        foreach (var root in _roots)
        {
            EmitRoot(body, root);
        }

        EmitEndpoints(body);

        var header = new StringBuilder();
        header.AppendLine("// Generated by `pack ts` from a Pack schema (docs/schema.md). Do not edit: regenerate.");
        header.AppendLine("/* eslint-disable */");
        _imports.Add("type DecodeOptions");
        _imports.Add("type EncodeOptions");
        _imports.Add("decodePayload");
        _imports.Add("encodePayload");
        header.Append("import { ");
        header.AppendJoin(", ", _imports.OrderBy(i => i.Replace("type ", "", StringComparison.Ordinal), StringComparer.Ordinal));
        header.Append(" } from ").Append(Quote(Options.RuntimeModule)).AppendLine(";");
        header.AppendLine();
        return header.Append(body).ToString();
    }

    /// <summary>
    /// The types the module uses: the roots, every named type (exported) and what they refer to. An unnamed type that
    /// only an annotated variant replaced (<c>list&lt;string&gt;</c> where every use is <c>List&lt;string&gt;</c>,
    /// docs/schema.md §6) is left out, as its functions would be unused.
    /// </summary>
    private HashSet<string> Used()
    {
        var used = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>(_roots.Select(r => r.Label).Concat(_types.Values.Where(t => t.Name is not null).Select(t => t.Label)));
        while (pending.Count > 0)
        {
            var label = pending.Pop();
            if (!used.Add(label))
            {
                continue;
            }

            var t = _types[label];
            foreach (var part in new[] { t.Element, t.Key, t.Value, t.Underlying }.Concat(t.Members.Select(m => m.Type)).Concat(t.Cases.Select(c => c.Type)))
            {
                if (part is not null)
                {
                    pending.Push(part);
                }
            }
        }

        return used;
    }

    private void EmitType(StringBuilder o, string label, HashSet<string> emitted)
    {
        if (!emitted.Add(label))
        {
            return;
        }

        var t = _types[label];
        switch (t.Kind)
        {
            case PackSchemaKind.Primitive:
                return;
            case PackSchemaKind.Enum:
                EmitEnum(o, t);
                break;
            case PackSchemaKind.Object:
                EmitObject(o, t);
                break;
            case PackSchemaKind.FrozenStruct:
                EmitFrozen(o, t);
                break;
            case PackSchemaKind.Union:
                EmitUnion(o, t);
                break;
            case PackSchemaKind.Nullable:
                EmitNullable(o, t);
                break;
            case PackSchemaKind.List:
                EmitList(o, t);
                break;
            case PackSchemaKind.Set:
                EmitSet(o, t);
                break;
            case PackSchemaKind.Map:
                EmitMap(o, t);
                break;
        }

        o.AppendLine();
    }

    private void EmitEnum(StringBuilder o, SchemaType t)
    {
        var ident = Ident(t.Label);
        var underlying = _types[t.Underlying!];
        var big = PrimitiveTsType(underlying.Primitive!) == "bigint";
        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(t.Name)}` (enum of {underlying.Primitive}). Any value of the underlying type is valid, named or not. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export const {ident} = {{");
        foreach (var (name, value) in t.Values)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  {Key(name)}: {Integer(value, $"The value of {name}")}{(big ? "n" : "")},");
        }

        o.AppendLine("} as const;");
        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(t.Name)}`: its underlying integer. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export type {ident} = {(big ? "bigint" : "number")};");
    }

    private void EmitInterface(StringBuilder o, SchemaType t, string what)
    {
        var ident = Ident(t.Label);
        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(t.Name)}` ({what}). */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export interface {ident} {{");
        foreach (var m in t.Members)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  {Property(m.Name)}: {TsType(m.Type, m.NonNull)};");
        }

        o.AppendLine("}");
        o.AppendLine();
    }

    private void EmitObject(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        _imports.Add("NULL_OBJECT");
        _imports.Add("decodeSegment");
        _imports.Add("encodeSegment");
        var ident = Ident(t.Label);
        var result = ident + (t.Nullable ? " | null" : "");
        var n = t.Members.Count;
        EmitInterface(o, t, t.Nullable ? $"class, {n} members" : $"struct with a header, {n} members");
        var names = "[" + string.Join(", ", t.Members.Select(m => Quote(m.Name))) + "]";

        o.AppendLine(CultureInfo.InvariantCulture, $"/** Reads a `{ident}` (members a newer writer appended are skipped; absent ones get their defaults). */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function read{ident}(r: PackReader): {result} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  const t = r.beginObject({(t.Nullable ? "true" : "false")});");
        if (t.Nullable)
        {
            o.AppendLine("  if (t === NULL_OBJECT) return null;");
        }

        // Members whose estimate the type fixes are charged here, at once, and read uncharged; an absent one's is given back.
        var prepaid = 0;
        foreach (var m in t.Members)
        {
            prepaid += PrepaidBytes(m.Type);
        }

        if (prepaid > 0)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  r.charge({prepaid});");
        }

        for (var i = 0; i < n; i++)
        {
            var m = t.Members[i];
            var initial = m.Default is not null ? Literal(m.Type, m.Default) : m.NonNull || ZeroHoldsForbiddenNull(m.Type) ? "null!" : Zero(m.Type);
            o.AppendLine(CultureInfo.InvariantCulture, $"  let m{i}: {TsType(m.Type, m.NonNull)} = {initial};");
        }

        if (n > 0)
        {
            o.AppendLine("  let m = 0;");
            o.AppendLine("  try {");
            for (var i = 0; i < n; i++)
            {
                var m = t.Members[i];
                var memberPrepaid = PrepaidBytes(m.Type);
                var absent = m.Default is null && (m.NonNull || ZeroHoldsForbiddenNull(m.Type)) ? " else r.absent();"
                    : AbsentBytes(m) - memberPrepaid is not 0 and var bytes ? string.Create(CultureInfo.InvariantCulture, $" else r.charge({bytes});")
                    : "";
                var read = memberPrepaid > 0 ? ReadPrepaid(m.Type) : Read(m.Type, m.NonNull);
                o.AppendLine(CultureInfo.InvariantCulture, $"    {(i > 0 ? $"m = {i}; " : "")}if (r.has(t, {i})) m{i} = {read};{absent}");
            }

            o.AppendLine("  } catch (e) {");
            o.AppendLine(CultureInfo.InvariantCulture, $"    throw decodeSegment(e, {names}[m]!, r.pos);");
            o.AppendLine("  }");
        }

        o.AppendLine(CultureInfo.InvariantCulture, $"  r.endObject(t, {n});");
        o.Append("  return { ");
        o.AppendJoin(", ", t.Members.Select((m, i) => $"{Key(m.Name)}: m{i}"));
        o.AppendLine(" };");
        o.AppendLine("}");
        o.AppendLine();

        o.AppendLine(CultureInfo.InvariantCulture, $"/** Writes a `{ident}`. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function write{ident}(w: PackWriter, v: {result}): void {{");
        o.AppendLine("  if (v === null || v === undefined) {");
        o.AppendLine(t.Nullable ? "    w.nullHeader();\n    return;" : "    return w.fail(\"a struct cannot be null\");");
        o.AppendLine("  }");
        o.AppendLine(CultureInfo.InvariantCulture, $"  const t = w.beginObject({n});");
        if (n > 0)
        {
            o.AppendLine("  let m = 0;");
            o.AppendLine("  try {");
            for (var i = 0; i < n; i++)
            {
                var m = t.Members[i];
                o.AppendLine(CultureInfo.InvariantCulture, $"    {(i > 0 ? $"m = {i}; " : "")}{Write(m.Type, Checked(Access("v", m.Name), m.NonNull))}");
            }

            o.AppendLine("  } catch (e) {");
            o.AppendLine(CultureInfo.InvariantCulture, $"    throw encodeSegment(e, {names}[m]!);");
            o.AppendLine("  }");
        }

        o.AppendLine("  w.endObject(t);");
        o.AppendLine("}");
        EmitPayloadFunctions(o, ident, result);
    }

    private void EmitFrozen(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        var ident = Ident(t.Label);
        EmitInterface(o, t, $"frozen struct, {t.Width} bytes, no header");
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Reads a `{ident}`: its members back to back. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function read{ident}(r: PackReader): {ident} {{");
        // No header, so no endObject to charge the object to the allocation budget (docs/robustness.md): charged here,
        // with the members whose estimate the type fixes, read then uncharged.
        var prepaid = 0;
        foreach (var m in t.Members)
        {
            prepaid += PrepaidBytes(m.Type);
        }

        o.AppendLine(prepaid > 0
            ? string.Create(CultureInfo.InvariantCulture, $"  r.charge({ObjectBytes + (MemberBytes * t.Members.Count) + prepaid});")
            : string.Create(CultureInfo.InvariantCulture, $"  r.chargeObject({t.Members.Count});"));
        for (var i = 0; i < t.Members.Count; i++)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  const m{i} = {ReadPrepaid(t.Members[i].Type)};");
        }

        o.Append("  return { ");
        o.AppendJoin(", ", t.Members.Select((m, i) => $"{Key(m.Name)}: m{i}"));
        o.AppendLine(" };");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Writes a `{ident}`. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function write{ident}(w: PackWriter, v: {ident}): void {{");
        o.AppendLine("  if (v === null || v === undefined) {");
        o.AppendLine("    return w.fail(\"a struct cannot be null\");");
        o.AppendLine("  }");
        foreach (var m in t.Members)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  {Write(m.Type, Access("v", m.Name))}");
        }

        o.AppendLine("}");
        EmitPayloadFunctions(o, ident, ident);
    }

    private void EmitUnion(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        var ident = Ident(t.Label);
        var caseNames = CaseNames(t);

        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(t.Name)}` (union): `case` is the case type's name, `value` its value. */");
        o.Append(CultureInfo.InvariantCulture, $"export type {ident} =");
        for (var i = 0; i < t.Cases.Count; i++)
        {
            o.Append(CultureInfo.InvariantCulture, $"\n  | {{ readonly case: {Quote(caseNames[i])}; readonly value: {NonNull(t.Cases[i].Type)} }}");
        }

        o.AppendLine(t.Cases.Count == 0 ? " never;" : ";");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Reads a `{ident}`: the tag, then the case's value; unknown tags and null case values are rejected. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function read{ident}(r: PackReader): {ident} | null {{");
        o.AppendLine("  const at = r.pos;");
        o.AppendLine("  const tag = r.unionTag();");
        o.AppendLine("  switch (tag) {");
        o.AppendLine("    case -1:");
        o.AppendLine("      return null;");
        for (var i = 0; i < t.Cases.Count; i++)
        {
            var c = t.Cases[i];
            o.AppendLine(CultureInfo.InvariantCulture, $"    case {c.Tag}: {{");
            o.AppendLine(CultureInfo.InvariantCulture, $"      const value = {Read(c.Type)};");
            if (_types[c.Type].Nullable)
            {
                o.AppendLine("      if (value === null) return r.fail(\"a union case value cannot be null\", at + 2);");
            }

            o.AppendLine(CultureInfo.InvariantCulture, $"      return {{ case: {Quote(caseNames[i])}, value }};");
            o.AppendLine("    }");
        }

        o.AppendLine("    default:");
        o.AppendLine("      return r.fail(`unknown union tag ${tag}`, at);");
        o.AppendLine("  }");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Writes a `{ident}`. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function write{ident}(w: PackWriter, v: {ident} | null): void {{");
        o.AppendLine("  if (v === null || v === undefined) {");
        o.AppendLine("    w.unionTag(-1);");
        o.AppendLine("    return;");
        o.AppendLine("  }");
        o.AppendLine("  if (v.value === null || v.value === undefined) {");
        o.AppendLine("    return w.fail(\"a union case value cannot be null\");");
        o.AppendLine("  }");
        o.AppendLine("  switch (v.case) {");
        for (var i = 0; i < t.Cases.Count; i++)
        {
            var c = t.Cases[i];
            o.AppendLine(CultureInfo.InvariantCulture, $"    case {Quote(caseNames[i])}:");
            o.AppendLine(CultureInfo.InvariantCulture, $"      w.unionTag({c.Tag});");
            o.AppendLine(CultureInfo.InvariantCulture, $"      {Write(c.Type, "v.value")}");
            o.AppendLine("      return;");
        }

        o.AppendLine("    default:");
        o.AppendLine("      return w.fail(`${String((v as { case: unknown }).case)} is not a case of the union`);");
        o.AppendLine("  }");
        o.AppendLine("}");
        EmitPayloadFunctions(o, ident, ident + " | null");
    }

    /// <summary>The <c>case</c> names of a union's cases: the short type names, or the full ones when two short ones clash.</summary>
    private List<string> CaseNames(SchemaType t)
    {
        var caseNames = t.Cases.Select(c => ShortName(_types[c.Type].Name ?? Ident(c.Type))).ToList();
        if (caseNames.Distinct(StringComparer.Ordinal).Count() != caseNames.Count)
        {
            caseNames = t.Cases.Select(c => _types[c.Type].Name ?? Ident(c.Type)).ToList();
        }

        return caseNames;
    }

    private string NonNull(string label)
    {
        var type = TsType(label);
        return type.EndsWith(" | null", StringComparison.Ordinal) ? type[..^7] : type;
    }

    private void EmitNullable(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        var ident = Ident(t.Label);
        var type = TsType(t.Label);
        o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return r.bool() ? {Read(t.Element!)} : null;");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
        o.AppendLine("  if (v === null || v === undefined) {");
        o.AppendLine("    w.bool(false);");
        o.AppendLine("  } else {");
        o.AppendLine("    w.bool(true);");
        o.AppendLine(CultureInfo.InvariantCulture, $"    {Write(t.Element!, "v")}");
        o.AppendLine("  }");
        o.AppendLine("}");
    }

    private void EmitList(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        var ident = Ident(t.Label);
        var type = TsType(t.Label);
        var neverNull = t.Nullable ? "false" : "true";
        if (TypedArray(t.Element!) is { } typed)
        {
            _imports.Add("readTypedArray");
            _imports.Add("writeTypedArray");
            var prim = _types[t.Element!].Primitive!;
            o.AppendLine(CultureInfo.InvariantCulture, $"function readElement{ident}(r: PackReader): {PrimitiveTsType(prim)} {{");
            o.AppendLine(CultureInfo.InvariantCulture, $"  return {Read(t.Element!)};");
            o.AppendLine("}");
            o.AppendLine();
            o.AppendLine(CultureInfo.InvariantCulture, $"function writeElement{ident}(w: PackWriter, v: {PrimitiveTsType(prim)}): void {{");
            o.AppendLine(CultureInfo.InvariantCulture, $"  {Write(t.Element!, "v")}");
            o.AppendLine("}");
            o.AppendLine();
            o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
            o.AppendLine(CultureInfo.InvariantCulture, $"  return readTypedArray(r, {typed}, readElement{ident}, {neverNull}){(t.Nullable ? "" : "!")};");
            o.AppendLine("}");
            o.AppendLine();
            o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
            o.AppendLine(CultureInfo.InvariantCulture, $"  writeTypedArray(w, v, {typed}, writeElement{ident}, {neverNull});");
            o.AppendLine("}");
            return;
        }

        _imports.Add("decodeSegment");
        _imports.Add("encodeSegment");
        var element = TsType(t.Element!, t.ElementNonNull);
        o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  const n = r.beginCollection({MinLength(t.Element!)});");
        o.AppendLine(CultureInfo.InvariantCulture, $"  if (n < 0) return {(t.Nullable ? "null" : "[]")};");

        // Elements whose estimate the type fixes: charged at once, read uncharged.
        var prepaid = PrepaidBytes(t.Element!);
        if (prepaid > 0)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"  r.charge(n * {prepaid});");
        }

        o.AppendLine(CultureInfo.InvariantCulture, $"  const out = new Array<{element}>(n);");
        o.AppendLine("  let i = 0;");
        o.AppendLine("  try {");
        o.AppendLine(CultureInfo.InvariantCulture, $"    for (; i < n; i++) out[i] = {(prepaid > 0 ? ReadPrepaid(t.Element!) : Read(t.Element!, t.ElementNonNull))};");
        o.AppendLine("  } catch (e) {");
        o.AppendLine("    throw decodeSegment(e, i, r.pos);");
        o.AppendLine("  }");
        o.AppendLine("  r.endCollection();");
        o.AppendLine("  return out;");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
        o.AppendLine("  if (v === null || v === undefined) {");
        o.AppendLine(t.Nullable ? "    w.nullHeader();\n    return;" : "    w.beginCollection(0);\n    w.endCollection();\n    return;");
        o.AppendLine("  }");
        o.AppendLine("  const n = v.length;");
        o.AppendLine("  w.beginCollection(n);");
        o.AppendLine("  let i = 0;");
        o.AppendLine("  try {");
        o.AppendLine(CultureInfo.InvariantCulture, $"    for (; i < n; i++) {Write(t.Element!, t.ElementNonNull ? "w.notNull(v[i])" : "v[i]!")}");
        o.AppendLine("  } catch (e) {");
        o.AppendLine("    throw encodeSegment(e, i);");
        o.AppendLine("  }");
        o.AppendLine("  w.endCollection();");
        o.AppendLine("}");
    }

    /// <summary>A set: its element's read and write; the runtime's <c>readSet</c>/<c>writeSet</c> hold the rules (§5, §5.1).</summary>
    private void EmitSet(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        _imports.Add("readSet");
        _imports.Add("writeSet");
        var ident = Ident(t.Label);
        var type = TsType(t.Label);
        var element = TsType(t.Element!, t.ElementNonNull);
        var key = ComparesItself(t.Element!) ? "undefined" : KeyFunction(t.Element!);
        o.AppendLine(CultureInfo.InvariantCulture, $"const read{ident}Element = (r: PackReader): {element} => {Read(t.Element!, t.ElementNonNull)};");
        o.AppendLine(CultureInfo.InvariantCulture, $"const write{ident}Element = (w: PackWriter, x: {element}): void => {{ {Write(t.Element!, Checked("x", t.ElementNonNull))} }};");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return readSet(r, {MinLength(t.Element!)}, read{ident}Element, {key});");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  writeSet(w, v, write{ident}Element, {key});");
        o.AppendLine("}");
    }

    /// <summary>A dictionary: its key's and value's reads and writes; the runtime's <c>readMap</c>/<c>writeMap</c> hold the rules (§5, §5.1).</summary>
    private void EmitMap(StringBuilder o, SchemaType t)
    {
        _imports.Add("PackReader");
        _imports.Add("PackWriter");
        _imports.Add("readMap");
        _imports.Add("writeMap");
        var ident = Ident(t.Label);
        var type = TsType(t.Label);
        var valueType = TsType(t.Value!, t.ValueNonNull);
        var key = ComparesItself(t.Key!) ? "undefined" : KeyFunction(t.Key!);
        o.AppendLine(CultureInfo.InvariantCulture, $"const read{ident}Key = (r: PackReader): {TsType(t.Key!)} => {Read(t.Key!)};");
        o.AppendLine(CultureInfo.InvariantCulture, $"const read{ident}Value = (r: PackReader): {valueType} => {Read(t.Value!, t.ValueNonNull)};");
        o.AppendLine(CultureInfo.InvariantCulture, $"const write{ident}Key = (w: PackWriter, k: {TsType(t.Key!)}): void => {{ {Write(t.Key!, "k")} }};");
        o.AppendLine(CultureInfo.InvariantCulture, $"const write{ident}Value = (w: PackWriter, x: {valueType}): void => {{ {Write(t.Value!, Checked("x", t.ValueNonNull))} }};");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return readMap(r, {MinLength(t.Key!) + MinLength(t.Value!)}, read{ident}Key, read{ident}Value, {key});");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  writeMap(w, v, write{ident}Key, write{ident}Value, {key});");
        o.AppendLine("}");
    }

    private static void EmitPayloadFunctions(StringBuilder o, string ident, string type)
    {
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Decodes a payload holding one `{ident}`; malformed bytes raise `PackDecodeError` (offset and member path). */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function decode{ident}(bytes: Uint8Array, options?: DecodeOptions): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return decodePayload(bytes, read{ident}, options);");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Encodes one `{ident}` as a payload. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function encode{ident}(value: {type}, options?: EncodeOptions): Uint8Array {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return encodePayload(value, write{ident}, options);");
        o.AppendLine("}");
    }

    private void EmitRoot(StringBuilder o, RootSchema root)
    {
        var t = _types[root.Label];
        var ident = Ident(root.Label);
        var type = TsType(root.Label);
        if (t.Kind is not (PackSchemaKind.Object or PackSchemaKind.FrozenStruct or PackSchemaKind.Union))
        {
            if (t.Kind is PackSchemaKind.Primitive or PackSchemaKind.Enum)
            {
                _imports.Add("PackReader");
                _imports.Add("PackWriter");
                o.AppendLine(CultureInfo.InvariantCulture, $"function read{ident}(r: PackReader): {type} {{");
                o.AppendLine(CultureInfo.InvariantCulture, $"  return {Read(root.Label)};");
                o.AppendLine("}");
                o.AppendLine();
                o.AppendLine(CultureInfo.InvariantCulture, $"function write{ident}(w: PackWriter, v: {type}): void {{");
                o.AppendLine(CultureInfo.InvariantCulture, $"  {Write(root.Label, "v")}");
                o.AppendLine("}");
            }

            EmitPayloadFunctions(o, ident, type);
            o.AppendLine();
        }

        // The canonical contract text is what the client checks a served schema against (docs/schema.md §5.1) and
        // registers for a request body (§5.2). It lives in the payload object, so a bundle keeps it only for the roots it uses.
        o.AppendLine(CultureInfo.InvariantCulture, $"/** The schema of `{Comment(t.Name ?? root.Label)}` as a payload root: fingerprints (docs/schema.md §2.3), canonical contract text (§2.1) and codec. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export const {ident}Payload = {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  wireFingerprint: {Quote(root.Wire)},");
        o.AppendLine(CultureInfo.InvariantCulture, $"  contractFingerprint: {Quote(root.Contract)},");
        o.AppendLine(CultureInfo.InvariantCulture, $"  label: {Quote(root.SchemaLabel)},");
        o.AppendLine(CultureInfo.InvariantCulture, $"  schema: {SingleQuote(root.CanonicalText)},");
        o.AppendLine(CultureInfo.InvariantCulture, $"  decode: decode{ident},");
        o.AppendLine(CultureInfo.InvariantCulture, $"  encode: encode{ident},");
        o.AppendLine("} as const;");
        o.AppendLine();
    }

    private sealed record SchemaMember(string Name, string Type, JsonNode? Default)
    {
        /// <summary>Whether the member's own position is <c>!</c> (docs/schema.md §1.4): typed and checked without null.</summary>
        public bool NonNull { get; init; }
    }

    private sealed record SchemaCase(int Tag, string Type);

    private sealed record RootSchema(string Label, string Wire, string Contract, string SchemaLabel, string CanonicalText);

    private sealed class SchemaType(string label, PackSchemaKind kind, bool nullable)
    {
        public string Label { get; } = label;

        public PackSchemaKind Kind { get; } = kind;

        public bool Nullable { get; } = nullable;

        public string? Name { get; init; }

        public string? Primitive { get; init; }

        public int Width { get; init; }

        public string? Element { get; init; }

        public string? Key { get; init; }

        public string? Value { get; init; }

        public string? Underlying { get; init; }

        public List<SchemaMember> Members { get; } = [];

        public List<SchemaCase> Cases { get; } = [];

        public List<(string Name, string Value)> Values { get; } = [];

        /// <summary>Whether a list's or set's elements are <c>!</c> (docs/schema.md §1.4): typed and checked without null.</summary>
        public bool ElementNonNull { get; init; }

        /// <summary>Whether a map's values are <c>!</c>.</summary>
        public bool ValueNonNull { get; init; }
    }
}
