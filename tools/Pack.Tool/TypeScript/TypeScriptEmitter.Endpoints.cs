using Pack.Schema;
using static Pack.Tool.TypeScript.TypeScriptSyntax;

namespace Pack.Tool.TypeScript;

/// <summary>
/// The typed client of a served schema set (docs/schema.md §5.3): per endpoint a standalone function named
/// <c>&lt;group&gt;&lt;Name&gt;</c> (tree-shakeable, like the codec functions) that takes the route parameters, the body
/// and the query parameters, builds the URL and calls the runtime's <c>PackClient</c>, which negotiates, sends
/// <c>Pack-Timeout</c>, raises typed errors, checks the response's schema and reads streams.
/// </summary>
internal sealed partial class TypeScriptEmitter
{
    private void EmitEndpoints()
    {
        if (_model.Endpoints.Count == 0)
        {
            return;
        }

        _w.Line("// ---- endpoints (docs/schema.md §5.3): one function per endpoint, grouped ----");
        string? group = null;
        foreach (var endpoint in _model.Endpoints)
        {
            if (endpoint.Group != group)
            {
                group = endpoint.Group;
                _w.Line();
                _w.Line($"// -- {Comment(group)} --");
            }

            var function = _names.Function(endpoint);
            _w.Line();
            EmitEndpoint(endpoint, function);
        }

        _w.Line();
    }

    private void EmitEndpoint(PackSchemaEndpoint endpoint, string function)
    {
        _w.Import("type PackClient");
        var parameters = new List<string> { "client: PackClient" };
        var docs = new List<string>();

        // Route parameters, positional, in route order; their text replaces {name} in the path. The route is escaped for the
        // template literal first (its text, and so a parameter's {name} in it, is escaped the same way), so that only the
        // substitutions added here are code.
        var path = TemplateText(endpoint.Route.TrimStart('/'));
        var scope = TypeScriptNames.ParameterScope();
        foreach (var parameter in endpoint.Parameters)
        {
            if (parameter.Source != PackSchemaParameterSource.Route)
            {
                continue;
            }

            var ident = TypeScriptNames.Parameter(parameter.Name, scope);

            // A catch-all's '/' stays a path separator (docs/schema.md §5.3); any other value is one URI component.
            var encode = parameter.CatchAll ? "routePathValue" : "routeValue";
            _w.Import(encode);
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
                _w.Import("packStreamBody");
                parameters.Add($"body: AsyncIterable<{type}> | Iterable<{type}>");
                body = $"packStreamBody({payload}, body)";
            }
            else
            {
                _w.Import("packBody");
                parameters.Add($"body: {type}");
                body = $"packBody({payload}, body)";
            }
        }

        // Query parameters as one object, in the listed order; those left undefined are not sent.
        var query = endpoint.Parameters.Where(p => p.Source == PackSchemaParameterSource.Query).ToList();
        if (query.Count > 0)
        {
            _w.Import("withQuery");
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
            _w.Import("endpointReader");
            reader = $"endpointReader({payload}, options)";
            if (response.Stream)
            {
                _w.Import("type EndpointStreamOptions");
                parameters.Add($"options?: EndpointStreamOptions<{type}>");
                result = $"AsyncGenerator<{type}, void, undefined>";
                call = "stream";
                docs.Add($"Reads the `application/x-pack-stream` answer item by item (`for await`); leaving the loop or aborting `options.signal` cancels the request.");
            }
            else
            {
                _w.Import("type EndpointOptions");
                parameters.Add($"options?: EndpointOptions<{type}>");
                result = $"Promise<{(type.EndsWith(" | null", StringComparison.Ordinal) ? type : type + " | null")}>";
                call = "call";
            }
        }
        else
        {
            _w.Import("type CallOptions");
            _w.Import("NO_RESPONSE_BODY");
            parameters.Add("options?: CallOptions");
            reader = "NO_RESPONSE_BODY";
            result = "Promise<null>";
            call = "call";
        }

        _w.Line($"/** `{Comment(endpoint.Method)} {Comment(endpoint.Route)}` ({Comment(endpoint.Group)}.{Comment(endpoint.Name)}).{(docs.Count > 0 ? " " + string.Join(" ", docs) : "")} */");
        using (_w.Block($"export function {function}({string.Join(", ", parameters)}): {result} {{", "}"))
        {
            _w.Line($"return client.{call}({Quote(endpoint.Method)}, {url}, {body}, {reader}, options);");
        }
    }

    /// <summary>The payload constant and TypeScript type of the root the set's entry <paramref name="schemaLabel"/> describes.</summary>
    private (string Payload, string Type) Payload(string schemaLabel)
    {
        var root = _model.RootOf(schemaLabel);
        return (_names.Payload(root.Label), TsType(root.Label));
    }

    /// <summary>The TypeScript type a parameter of a schema primitive is given as (its text is sent, §5.3).</summary>
    private static string ParameterTsType(string primitive) => primitive switch
    {
        "i8" or "u8" or "i16" or "u16" or "i32" or "u32" or "f16" or "f32" or "f64" => "number",
        "i64" or "u64" or "i128" or "u128" => "bigint | number",
        "bool" => "boolean",
        _ => "string",
    };
}
