using System.Text;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>
/// An HTTP endpoint that reads or writes Pack, as the served schema set lists it (docs/schema.md §5.3): its client group,
/// operation name, method, route template, route and query parameters, and Pack request and response bodies.
/// </summary>
public sealed class PackSchemaEndpoint
{
    /// <summary>Creates an endpoint description.</summary>
    /// <param name="group">The client group (an MVC controller's name, a minimal API's first tag…).</param>
    /// <param name="name">The operation's name (an MVC action's name, a minimal API's endpoint name…).</param>
    /// <param name="method">The HTTP method, upper case.</param>
    /// <param name="route">The route template, <c>/</c> then segments, parameters as <c>{name}</c>.</param>
    /// <param name="parameters">The route parameters in route order, then the query parameters.</param>
    /// <param name="request">The Pack request body, or <see langword="null"/> when the endpoint reads none.</param>
    /// <param name="response">The Pack response body of a success status, or <see langword="null"/> when there is none.</param>
    public PackSchemaEndpoint(string group, string name, string method, string route, IEnumerable<PackSchemaEndpointParameter> parameters, PackSchemaEndpointBody? request, PackSchemaEndpointBody? response)
    {
        ArgumentException.ThrowIfNullOrEmpty(group);
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentException.ThrowIfNullOrEmpty(method);
        ArgumentNullException.ThrowIfNull(route);
        ArgumentNullException.ThrowIfNull(parameters);
        Group = group;
        Name = name;
        Method = method;
        Route = route;
        Parameters = [.. parameters];
        Request = request;
        Response = response;
    }

    /// <summary>The client group.</summary>
    public string Group { get; }

    /// <summary>The operation's name (not unique: a generator makes it so within its group).</summary>
    public string Name { get; }

    /// <summary>The HTTP method, upper case.</summary>
    public string Method { get; }

    /// <summary>The route template: <c>/</c>, then the segments; parameters as <c>{name}</c>, relative to the app's path base.</summary>
    public string Route { get; }

    /// <summary>The route parameters in the order they appear in <see cref="Route"/>, then the query parameters.</summary>
    public IReadOnlyList<PackSchemaEndpointParameter> Parameters { get; }

    /// <summary>The Pack request body, or <see langword="null"/>.</summary>
    public PackSchemaEndpointBody? Request { get; }

    /// <summary>The Pack response body of a success status, or <see langword="null"/>.</summary>
    public PackSchemaEndpointBody? Response { get; }

    /// <summary>The canonical text (docs/schema.md §2.1) of the endpoint object.</summary>
    internal string CanonicalText
    {
        get
        {
            var parameters = new StringBuilder("[");
            for (int i = 0; i < Parameters.Count; i++)
            {
                parameters.Append(i == 0 ? string.Empty : ",").Append(Parameters[i].CanonicalText);
            }

            var properties = new List<(string Name, string Json)>
            {
                ("group", SchemaText.Quote(Group)),
                ("method", SchemaText.Quote(Method)),
                ("name", SchemaText.Quote(Name)),
                ("parameters", parameters.Append(']').ToString()),
                ("route", SchemaText.Quote(Route)),
            };
            if (Request is not null)
            {
                properties.Add(("request", Request.CanonicalText));
            }

            if (Response is not null)
            {
                properties.Add(("response", Response.CanonicalText));
            }

            return SchemaText.Object(properties);
        }
    }

    /// <summary>The order of §5.3: by group, route, method, then name (ordinal).</summary>
    internal static int Compare(PackSchemaEndpoint a, PackSchemaEndpoint b)
    {
        int order = string.CompareOrdinal(a.Group, b.Group);
        order = order != 0 ? order : string.CompareOrdinal(a.Route, b.Route);
        order = order != 0 ? order : string.CompareOrdinal(a.Method, b.Method);
        return order != 0 ? order : string.CompareOrdinal(a.Name, b.Name);
    }
}
