namespace Pack.Schema;

/// <summary>
/// The response side of the schema check over HTTP (docs/schema.md §5, §5.1): how a client asks a schema endpoint for
/// one fingerprint, the server's answer when it does not serve it, and the client's bounds on that lookup. One definition
/// for the server and the client.
/// </summary>
internal static class PackResponseSchemaProtocol
{
    /// <summary>
    /// The response header by which a server says where its schema endpoint is (docs/schema.md §5): the path, with the
    /// app's path base, of its <c>MapPackSchema</c> route, sent beside <c>Pack-Schema</c> on Pack responses only when the
    /// app maps one. A client looks a schema up only where this header, or its own configuration, names an endpoint.
    /// </summary>
    public const string EndpointHeaderName = "Pack-Schema-Endpoint";

    /// <summary>The query parameter of a schema request that names the wanted wire fingerprint: <c>GET /pack/schema?wire=…</c>.</summary>
    public const string WireQueryParameter = "wire";

    /// <summary>The problem <c>type</c> of a schema endpoint's 404: it serves no schema with the asked wire fingerprint.</summary>
    public const string NotServedProblemType = "urn:pack:problem:schema-not-served";

    /// <summary>The problem member of that 404 with the wire fingerprint asked for.</summary>
    public const string WireSchemaMember = "wireSchema";

    /// <summary>
    /// How many schema requests one lookup makes at most: a set without the fingerprint (another replica's, behind a load
    /// balancer) is followed by another request, up to this many in all.
    /// </summary>
    public const int MaxLookupAttempts = 4;
}
