namespace Pack.Benchmarks.Http;

/// <summary>The wire format a cell asks for: the same action, negotiated by <c>Accept</c>.</summary>
public enum HttpFormat
{
    /// <summary>No body (the Kestrel ceiling).</summary>
    None,

    /// <summary><c>Accept: application/json</c>; System.Net.Http.Json on the client.</summary>
    Json,

    /// <summary>Pack through Pack.Client's extensions, which send <c>Accept: application/x-pack, application/json;q=0.9</c>.</summary>
    Pack,
}
