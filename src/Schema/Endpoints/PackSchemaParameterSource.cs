namespace Pack.Schema;

/// <summary>Where an endpoint's parameter goes in a request (docs/schema.md §5.3, the parameter's <c>in</c>).</summary>
public enum PackSchemaParameterSource
{
    /// <summary>A segment of the route (<c>"in": "route"</c>).</summary>
    Route,

    /// <summary>The query string (<c>"in": "query"</c>).</summary>
    Query,
}
