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
    public PackSchemaEndpointParameter(string name, PackSchemaParameterSource source, string type, bool optional)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentException.ThrowIfNullOrEmpty(type);
        Name = name;
        Source = source;
        Type = type;
        Optional = optional;
    }

    /// <summary>The name in the URL (the route's <c>{name}</c>, the query's <c>name=</c>).</summary>
    public string Name { get; }

    /// <summary>Route or query.</summary>
    public PackSchemaParameterSource Source { get; }

    /// <summary>The schema <c>primitive</c> name of the parameter's type (<c>i32</c>, <c>string</c>, <c>guid</c>…).</summary>
    public string Type { get; }

    /// <summary>Whether a client may leave the parameter out.</summary>
    public bool Optional { get; }

    internal string CanonicalText => SchemaText.Object(
    [
        ("in", SchemaText.Quote(Source == PackSchemaParameterSource.Route ? "route" : "query")),
        ("name", SchemaText.Quote(Name)),
        ("optional", Optional ? "true" : "false"),
        ("type", SchemaText.Quote(Type)),
    ]);
}
