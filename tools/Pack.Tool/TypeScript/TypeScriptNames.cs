using System.Globalization;
using System.Text;
using Pack.Schema;
using Pack.Tool.Codegen;

namespace Pack.Tool.TypeScript;

/// <summary>
/// TypeScript names for a model: per type an identifier (its short .NET name made an identifier, unique in the module,
/// or one built from its parts for an unnamed type) that its interface, descriptor constant and payload functions take;
/// the <c>case</c> names of a union; per endpoint a function and its parameters.
/// </summary>
internal sealed class TypeScriptNames(TypeScriptModel model)
{
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

    private static readonly HashSet<string> ReservedWords =
    [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
        "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
        "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static",
        "implements", "interface", "package", "private", "protected", "public", "await", "arguments", "eval",
        // The generated functions' own parameters.
        "client", "body", "query", "options",
    ];

    private readonly Dictionary<string, string> _identifiers = new(StringComparer.Ordinal);
    private readonly HashSet<string> _usedIdentifiers = new(StringComparer.Ordinal);
    private readonly HashSet<string> _functions = new(StringComparer.Ordinal);

    /// <summary>
    /// The identifier of the type <paramref name="label"/>, given on first use: a named type's clashes are settled in the
    /// order the module first refers to the types, so the emitter asks in the order it writes.
    /// </summary>
    public string Ident(string label)
    {
        if (_identifiers.TryGetValue(label, out var known))
        {
            return known;
        }

        var type = model.Types[label];
        string ident;
        if (type.Name is { } name)
        {
            ident = Sanitize(ContractNames.ShortName(name));
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

    /// <summary>The module constant holding the descriptor of <paramref name="label"/>.</summary>
    public string Descriptor(string label) => "descriptorOf" + Ident(label);

    /// <summary>The payload constant of the root <paramref name="label"/>.</summary>
    public string Payload(string label) => Ident(label) + "Payload";

    /// <summary>The <c>case</c> names of a union's cases: the short type names, or the full ones when two short ones clash.</summary>
    public List<string> CaseNames(TypeScriptType union)
    {
        var caseNames = union.Cases.Select(c => ContractNames.ShortName(model.Types[c.Type].Name ?? Ident(c.Type))).ToList();
        if (caseNames.Distinct(StringComparer.Ordinal).Count() != caseNames.Count)
        {
            caseNames = union.Cases.Select(c => model.Types[c.Type].Name ?? Ident(c.Type)).ToList();
        }

        return caseNames;
    }

    /// <summary>The function of an endpoint, <c>&lt;group&gt;&lt;Name&gt;</c>, unique among the module's endpoint functions.</summary>
    public string Function(PackSchemaEndpoint endpoint)
    {
        var name = Camel(Sanitize(endpoint.Group)) + Sanitize(endpoint.Name);
        name = name.Length == 0 ? "endpoint" : ReservedWords.Contains(name) ? name + "_" : name;
        return ContractNames.Numbered(name, _functions);
    }

    /// <summary>A set of the identifiers an endpoint function's parameters take, holding those they may not.</summary>
    public static HashSet<string> ParameterScope() => new(ReservedWords, StringComparer.Ordinal);

    /// <summary>The identifier of a route parameter, unique in <paramref name="scope"/> (<see cref="ParameterScope"/>).</summary>
    public static string Parameter(string name, HashSet<string> scope)
    {
        var ident = Camel(Sanitize(name));
        ident = ident.Length == 0 ? "value" : ReservedWords.Contains(ident) ? ident + "_" : ident;
        return ContractNames.Numbered(ident, scope);
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

    private static string Camel(string s) => s.Length == 0 ? s : char.ToLowerInvariant(s[0]) + s[1..];
}
