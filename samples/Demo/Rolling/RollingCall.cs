namespace Pack.Samples.Demo.Rolling;

/// <summary>One kind of call the rolling-upgrade client makes: a GET or an echoing POST, in a request and a response format.</summary>
/// <param name="Method">GET or POST.</param>
/// <param name="RequestFormat"><c>json</c> or <c>pack</c> (the body of a POST; none for a GET).</param>
/// <param name="ResponseFormat"><c>json</c> or <c>pack</c>, asked for with <c>Accept</c>.</param>
internal sealed record RollingCall(HttpMethod Method, string RequestFormat, string ResponseFormat)
{
    /// <summary>The mix the client cycles through.</summary>
    public static readonly RollingCall[] Mix =
    [
        new(HttpMethod.Get, "-", "json"),
        new(HttpMethod.Get, "-", "pack"),
        new(HttpMethod.Post, "json", "json"),
        new(HttpMethod.Post, "pack", "pack"),
        new(HttpMethod.Post, "pack", "json"),
        new(HttpMethod.Post, "json", "pack"),
    ];
}
