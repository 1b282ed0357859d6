using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>A route or query parameter of a <see cref="PackSchemaEndpoint"/> (docs/schema.md §5.3).</summary>
public sealed class PackSchemaEndpointParameter
{
    /// <summary>Creates a parameter.</summary>
    /// <param name="name">The name in the URL.</param>
    /// <param name="source">Route or query.</param>
    /// <param name="type">The schema <c>primitive</c> name of its type (docs/schema.md §1.1), <c>string</c> for any other type bound from text.</param>
    /// <param name="optional">Whether a client may leave it out.</param>
    /// <param name="catchAll">
    /// Whether it is a route's catch-all parameter (<c>{*path}</c>, <c>{**path}</c>), whose value may hold <c>/</c>.
    /// </param>
    /// <exception cref="ArgumentException">A catch-all parameter that is not in the route.</exception>
    public PackSchemaEndpointParameter(string name, PackSchemaParameterSource source, string type, bool optional, bool catchAll = false)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentException.ThrowIfNullOrEmpty(type);
        Name = name;
        Source = source;
        Type = type;
        Optional = optional;
        if (catchAll && source != PackSchemaParameterSource.Route)
        {
            throw new ArgumentException($"The query parameter {name} cannot be a catch-all parameter: only a route parameter can.", nameof(catchAll));
        }

        CatchAll = catchAll;
    }

    /// <summary>The name in the URL (the route's <c>{name}</c>, the query's <c>name=</c>).</summary>
    public string Name { get; }

    /// <summary>Route or query.</summary>
    public PackSchemaParameterSource Source { get; }

    /// <summary>The schema <c>primitive</c> name of the parameter's type (<c>i32</c>, <c>string</c>, <c>guid</c>…).</summary>
    public string Type { get; }

    /// <summary>Whether a client may leave the parameter out.</summary>
    public bool Optional { get; }

    /// <summary>
    /// Whether this is the route's catch-all parameter (<c>{*path}</c>): its value may hold <c>/</c>, which a client
    /// keeps as the path separator and percent-encodes everything else segment by segment (docs/schema.md §5.3).
    /// </summary>
    public bool CatchAll { get; }

    /// <summary>The canonical text (sorted properties); <c>catchAll</c> is written only when true, so sets without one keep their text.</summary>
    internal string CanonicalText
    {
        get
        {
            var properties = new List<(string Name, string Json)>(5);
            if (CatchAll)
            {
                properties.Add(("catchAll", "true"));
            }

            properties.Add(("in", SchemaText.Quote(Source == PackSchemaParameterSource.Route ? "route" : "query")));
            properties.Add(("name", SchemaText.Quote(Name)));
            properties.Add(("optional", Optional ? "true" : "false"));
            properties.Add(("type", SchemaText.Quote(Type)));
            return SchemaText.Object(properties);
        }
    }
}
