namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// One kind of call the rolling-upgrade client makes: a GET, a GET served from the cache the replicas share, or an
/// echoing POST, in a request and a response format.
/// </summary>
/// <param name="Method">GET or POST.</param>
/// <param name="RequestFormat"><c>json</c> or <c>pack</c> (the body of a POST); <c>-</c> for a GET, <c>cached</c> for a GET served from the shared cache.</param>
/// <param name="ResponseFormat"><c>json</c> or <c>pack</c>, asked for with <c>Accept</c>.</param>
internal sealed record RollingCall(HttpMethod Method, string RequestFormat, string ResponseFormat)
{
    /// <summary>The <see cref="RequestFormat"/> of a GET served from the shared cache (<c>/api/shipments/{id}/cached</c>).</summary>
    public const string Cached = "cached";

    /// <summary>The mix the client cycles through.</summary>
    public static readonly RollingCall[] Mix =
    [
        new(HttpMethod.Get, "-", "json"),
        new(HttpMethod.Get, "-", "pack"),
        new(HttpMethod.Get, Cached, "json"),
        new(HttpMethod.Get, Cached, "pack"),
        new(HttpMethod.Post, "json", "json"),
        new(HttpMethod.Post, "pack", "pack"),
        new(HttpMethod.Post, "pack", "json"),
        new(HttpMethod.Post, "json", "pack"),
    ];

    /// <summary>Whether this is a GET served from the shared cache.</summary>
    public bool IsCached => RequestFormat == Cached;
}
