namespace Pack.Schema;

/// <summary>
/// The response side of the schema check over HTTP (docs/schema.md §5, §5.1): how a client asks a schema endpoint for
/// one fingerprint, the server's answer when it does not serve it, and the client's bounds on that lookup. One definition
/// for the server and the client.
/// </summary>
internal static class PackResponseSchemaProtocol
{
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
