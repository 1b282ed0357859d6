using System.Text.Json.Nodes;

namespace Pack.Schema;

/// <summary>Reads the <c>endpoints</c> array of a served schema set (docs/schema.md §5.3); unknown properties are ignored.</summary>
internal static class PackSchemaEndpointReader
{
    public static List<PackSchemaEndpoint> Read(JsonArray array)
    {
        var endpoints = new List<PackSchemaEndpoint>(array.Count);
        for (int i = 0; i < array.Count; i++)
        {
            if (array[i] is not JsonObject endpoint)
            {
                throw new FormatException($"endpoints[{i}] is not an object");
            }

            string at = $"endpoints[{i}]";
            var parameters = new List<PackSchemaEndpointParameter>();
            if (endpoint["parameters"] is { } list)
            {
                if (list is not JsonArray items)
                {
                    throw new FormatException($"{at}.parameters must be an array");
                }

                for (int p = 0; p < items.Count; p++)
                {
                    string where = $"{at}.parameters[{p}]";
                    if (items[p] is not JsonObject)
                    {
                        throw new FormatException($"{where} is not an object");
                    }

                    var source = String(items[p], "in", where) switch
                    {
                        "route" => PackSchemaParameterSource.Route,
                        "query" => PackSchemaParameterSource.Query,
                        var other => throw new FormatException($"{where}.in must be \"route\" or \"query\", not \"{other}\""),
                    };
                    bool catchAll = items[p] is JsonObject parameter && parameter["catchAll"] is not null && Bool(items[p], "catchAll", where);
                    if (catchAll && source != PackSchemaParameterSource.Route)
                    {
                        throw new FormatException($"{where}.catchAll: only a route parameter can be a catch-all parameter");
                    }

                    parameters.Add(new PackSchemaEndpointParameter(String(items[p], "name", where), source, String(items[p], "type", where), Bool(items[p], "optional", where), catchAll));
                }
            }

            endpoints.Add(new PackSchemaEndpoint(
                String(endpoint, "group", at),
                String(endpoint, "name", at),
                String(endpoint, "method", at),
                String(endpoint, "route", at),
                parameters,
                Body(endpoint["request"], $"{at}.request"),
                Body(endpoint["response"], $"{at}.response")));
        }

        return endpoints;
    }

    private static PackSchemaEndpointBody? Body(JsonNode? node, string at)
        => node is null ? null : new PackSchemaEndpointBody(String(node, "type", at), Bool(node, "stream", at));

    private static string String(JsonNode? node, string name, string at)
        => node is JsonObject o && o[name] is JsonValue v && v.TryGetValue(out string? s) && s.Length > 0
            ? s
            : throw new FormatException($"{at}.{name} must be a non-empty string");

    private static bool Bool(JsonNode? node, string name, string at)
        => node is JsonObject o && o[name] is JsonValue v && v.TryGetValue(out bool b)
            ? b
            : throw new FormatException($"{at}.{name} must be true or false");
}
