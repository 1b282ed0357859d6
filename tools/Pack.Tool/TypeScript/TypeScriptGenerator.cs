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

        var roots = new StringBuilder();
        foreach (var root in _roots)
        {
            EmitRoot(roots, root);
        }

        EmitDescriptors(body);
        body.AppendLine("// ---- payloads and fingerprints ----");
        body.AppendLine();
        body.Append(roots);

        EmitEndpoints(body);

        var header = new StringBuilder();
        header.AppendLine("// Generated by `pack ts` from a Pack schema (docs/schema.md). Do not edit: regenerate.");
        header.AppendLine("/* eslint-disable */");
        _imports.Add("type DecodeOptions");
        _imports.Add("type EncodeOptions");
        _imports.Add("decodeDescribed");
        _imports.Add("encodeDescribed");
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
            case PackSchemaKind.Primitive or PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set or PackSchemaKind.Map:
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
    }

    private void EmitObject(StringBuilder o, SchemaType t)
    {
        var n = t.Members.Count;
        EmitInterface(o, t, t.Nullable ? $"class, {n} members" : $"struct with a header, {n} members");
        EmitPayloadFunctions(o, t.Label, Ident(t.Label) + (t.Nullable ? " | null" : ""));
    }

    private void EmitFrozen(StringBuilder o, SchemaType t)
    {
        EmitInterface(o, t, $"frozen struct, {t.Width} bytes, no header");
        EmitPayloadFunctions(o, t.Label, Ident(t.Label));
    }

    private void EmitUnion(StringBuilder o, SchemaType t)
    {
        var ident = Ident(t.Label);
        var caseNames = CaseNames(t);

        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(t.Name)}` (union): `case` is the case type's name, `value` its value. */");
        o.Append(CultureInfo.InvariantCulture, $"export type {ident} =");
        for (var i = 0; i < t.Cases.Count; i++)
        {
            o.Append(CultureInfo.InvariantCulture, $"\n  | {{ readonly case: {Quote(caseNames[i])}; readonly value: {NonNull(t.Cases[i].Type)} }}");
        }

        o.AppendLine(t.Cases.Count == 0 ? " never;" : ";");
        EmitPayloadFunctions(o, t.Label, ident + " | null");
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

    private void EmitPayloadFunctions(StringBuilder o, string label, string type)
    {
        var ident = Ident(label);
        var descriptor = DescriptorConstant(label);
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Decodes a payload holding one `{ident}`; malformed bytes raise `PackDecodeError` (offset and member path). */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function decode{ident}(bytes: Uint8Array, options?: DecodeOptions): {type} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return decodeDescribed({descriptor}, bytes, options);");
        o.AppendLine("}");
        o.AppendLine();
        o.AppendLine(CultureInfo.InvariantCulture, $"/** Encodes one `{ident}` as a payload. */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function encode{ident}(value: {type}, options?: EncodeOptions): Uint8Array {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return encodeDescribed({descriptor}, value, options);");
        o.AppendLine("}");
    }

    private void EmitRoot(StringBuilder o, RootSchema root)
    {
        var t = _types[root.Label];
        var ident = Ident(root.Label);
        var type = TsType(root.Label);
        if (t.Kind is not (PackSchemaKind.Object or PackSchemaKind.FrozenStruct or PackSchemaKind.Union))
        {
            EmitPayloadFunctions(o, root.Label, type);
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
