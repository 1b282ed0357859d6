namespace Pack.Benchmarks.Http;

/// <summary>How the server hosts a JSON or Pack cell.</summary>
public enum HttpApi
{
    /// <summary>Not applicable (the Kestrel ceiling, gRPC).</summary>
    None,

    /// <summary>An MVC controller action; the format is negotiated by <c>Accept</c> among the output formatters.</summary>
    Mvc,

    /// <summary>A minimal API endpoint: <c>PackResults.Ok</c> for Pack, the returned value for JSON.</summary>
    Minimal,
}
