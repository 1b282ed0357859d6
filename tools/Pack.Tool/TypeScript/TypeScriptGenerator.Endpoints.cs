using System.Globalization;
using System.Text;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// The typed client of a served schema set (docs/schema.md §5.3): per endpoint a standalone function named
/// <c>&lt;group&gt;&lt;Name&gt;</c> (tree-shakeable, like the codec functions) that takes the route parameters, the body
/// and the query parameters, builds the URL and calls the runtime's <c>PackClient</c>, which negotiates, sends
/// <c>Pack-Timeout</c>, raises typed errors, checks the response's schema and reads streams.
/// </summary>
public sealed partial class TypeScriptGenerator
{
    private static readonly HashSet<string> ReservedWords =
    [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
        "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
        "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static",
        "implements", "interface", "package", "private", "protected", "public", "await", "arguments", "eval",
        // The generated functions' own parameters.
        "client", "body", "query", "options",
    ];

    private readonly List<PackSchemaEndpoint> _endpoints = [];

    private void AddEndpoints(IReadOnlyList<PackSchemaEndpoint> endpoints) => _endpoints.AddRange(endpoints);

    private void EmitEndpoints(StringBuilder o)
    {
        if (_endpoints.Count == 0)
        {
            return;
        }

        o.AppendLine("// ---- endpoints (docs/schema.md §5.3): one function per endpoint, grouped ----");
        var names = new HashSet<string>(StringComparer.Ordinal);
        string? group = null;
        foreach (var endpoint in _endpoints)
        {
            if (endpoint.Group != group)
            {
                group = endpoint.Group;
                o.AppendLine();
                o.AppendLine(CultureInfo.InvariantCulture, $"// -- {Comment(group)} --");
            }

            var name = Camel(Sanitize(endpoint.Group)) + Sanitize(endpoint.Name);
            name = name.Length == 0 ? "endpoint" : ReservedWords.Contains(name) ? name + "_" : name;
            var unique = name;
            for (var n = 2; !names.Add(unique); n++)
            {
                unique = name + n.ToString(CultureInfo.InvariantCulture);
            }

            o.AppendLine();
            EmitEndpoint(o, endpoint, unique);
        }

        o.AppendLine();
    }

    private void EmitEndpoint(StringBuilder o, PackSchemaEndpoint endpoint, string function)
    {
        _imports.Add("type PackClient");
        var parameters = new List<string> { "client: PackClient" };
        var docs = new List<string>();

        // Route parameters, positional, in route order; their text replaces {name} in the path. The route is escaped for the
        // template literal first (its text, and so a parameter's {name} in it, is escaped the same way), so that only the
        // substitutions added here are code.
        var path = TemplateText(endpoint.Route.TrimStart('/'));
        var idents = new HashSet<string>(ReservedWords, StringComparer.Ordinal);
        foreach (var parameter in endpoint.Parameters)
        {
            if (parameter.Source != PackSchemaParameterSource.Route)
            {
                continue;
            }

            var ident = ParameterIdent(parameter.Name);
            for (var n = 2; !idents.Add(ident); n++)
            {
                ident = ParameterIdent(parameter.Name) + n.ToString(CultureInfo.InvariantCulture);
            }

            // A catch-all's '/' stays a path separator (docs/schema.md §5.3); any other value is one URI component.
            var encode = parameter.CatchAll ? "routePathValue" : "routeValue";
            _imports.Add(encode);
            var value = parameter.Optional ? $"${{{ident} === undefined ? \"\" : {encode}({ident})}}" : $"${{{encode}({ident})}}";
            path = path.Replace(TemplateText("{" + parameter.Name + "}"), value, StringComparison.Ordinal);
            // An optional route parameter may be followed by required ones (the body): `| undefined`, not `?`.
            parameters.Add($"{ident}: {ParameterTsType(parameter.Type)}{(parameter.Optional ? " | undefined" : "")}");
        }

        var url = "`" + path + "`";
        var body = "null";
        if (endpoint.Request is { } request)
        {
            var (payload, type) = Payload(request.Type);
            if (request.Stream)
            {
                _imports.Add("packStreamBody");
                parameters.Add($"body: AsyncIterable<{type}> | Iterable<{type}>");
                body = $"packStreamBody({payload}, body)";
            }
            else
            {
                _imports.Add("packBody");
                parameters.Add($"body: {type}");
                body = $"packBody({payload}, body)";
            }
        }

        // Query parameters as one object, in the listed order; those left undefined are not sent.
        var query = endpoint.Parameters.Where(p => p.Source == PackSchemaParameterSource.Query).ToList();
        if (query.Count > 0)
        {
            _imports.Add("withQuery");
            var required = query.Exists(p => !p.Optional);
            var members = string.Join("; ", query.Select(p => $"{Property(p.Name)}{(p.Optional ? "?" : "")}: {ParameterTsType(p.Type)}"));
            parameters.Add($"query{(required ? "" : "?")}: {{ {members} }}");
            var values = string.Join(", ", query.Select(p => $"{Key(p.Name)}: query{(required ? "" : "?.")}{(Property(p.Name) == p.Name ? (required ? "." : "") + p.Name : $"[{Property(p.Name)}]")}"));
            url = $"withQuery({url}, {{ {values} }})";
        }

        string reader;
        string result;
        string call;
        if (endpoint.Response is { } response)
        {
            var (payload, type) = Payload(response.Type);
            _imports.Add("endpointReader");
            reader = $"endpointReader({payload}, options)";
            if (response.Stream)
            {
                _imports.Add("type EndpointStreamOptions");
                parameters.Add($"options?: EndpointStreamOptions<{type}>");
                result = $"AsyncGenerator<{type}, void, undefined>";
                call = "stream";
                docs.Add($"Reads the `application/x-pack-stream` answer item by item (`for await`); leaving the loop or aborting `options.signal` cancels the request.");
            }
            else
            {
                _imports.Add("type EndpointOptions");
                parameters.Add($"options?: EndpointOptions<{type}>");
                result = $"Promise<{(type.EndsWith(" | null", StringComparison.Ordinal) ? type : type + " | null")}>";
                call = "call";
            }
        }
        else
        {
            _imports.Add("type CallOptions");
            _imports.Add("NO_RESPONSE_BODY");
            parameters.Add("options?: CallOptions");
            reader = "NO_RESPONSE_BODY";
            result = "Promise<null>";
            call = "call";
        }

        o.AppendLine(CultureInfo.InvariantCulture, $"/** `{Comment(endpoint.Method)} {Comment(endpoint.Route)}` ({Comment(endpoint.Group)}.{Comment(endpoint.Name)}).{(docs.Count > 0 ? " " + string.Join(" ", docs) : "")} */");
        o.AppendLine(CultureInfo.InvariantCulture, $"export function {function}({string.Join(", ", parameters)}): {result} {{");
        o.AppendLine(CultureInfo.InvariantCulture, $"  return client.{call}({Quote(endpoint.Method)}, {url}, {body}, {reader}, options);");
        o.AppendLine("}");
    }

    /// <summary>The generated payload constant and TypeScript type of the root the set's entry <paramref name="label"/> describes.</summary>
    private (string Payload, string Type) Payload(string label)
    {
        var root = _roots.Find(r => r.SchemaLabel == label)
                   ?? throw new FormatException($"An endpoint names the type {label}, which the schema set does not describe.");
        return (Ident(root.Label) + "Payload", TsType(root.Label));
    }

    /// <summary>The TypeScript type a parameter of a schema primitive is given as (its text is sent, §5.3).</summary>
    private static string ParameterTsType(string primitive) => primitive switch
    {
        "i8" or "u8" or "i16" or "u16" or "i32" or "u32" or "f16" or "f32" or "f64" => "number",
        "i64" or "u64" or "i128" or "u128" => "bigint | number",
        "bool" => "boolean",
        _ => "string",
    };

    private static string ParameterIdent(string name)
    {
        var ident = Camel(Sanitize(name));
        return ident.Length == 0 ? "value" : ReservedWords.Contains(ident) ? ident + "_" : ident;
    }

    /// <summary>Text for a template literal: <c>\</c>, <c>`</c> and <c>$</c> escaped, so it neither ends the literal nor starts a substitution.</summary>
    private static string TemplateText(string text)
        => text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("`", "\\`", StringComparison.Ordinal).Replace("$", "\\$", StringComparison.Ordinal);

    private static string Camel(string s) => s.Length == 0 ? s : char.ToLowerInvariant(s[0]) + s[1..];
}
