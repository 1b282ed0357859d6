namespace Pack.AspNetCore;

/// <summary>
/// The names of the meter and instruments that Pack's ASP.NET Core integration publishes, for
/// <c>AddMeter(PackServerMeter.Name)</c> in OpenTelemetry or a <see cref="System.Diagnostics.Metrics.MeterListener"/>.
/// See <c>docs/operations.md</c> for the tags of each instrument.
/// </summary>
public static class PackServerMeter
{
    /// <summary>The meter name, <c>Pack.AspNetCore</c>.</summary>
    public const string Name = "Pack.AspNetCore";

    /// <summary>Histogram, <c>By</c>: the size of each request and response body in Pack or JSON, as it crossed the server's edge.</summary>
    public const string BodySize = "pack.server.body.size";

    /// <summary>Histogram, <c>s</c>: time spent encoding a Pack response body (for a stream, the sum over its items).</summary>
    public const string SerializeDuration = "pack.server.serialize.duration";

    /// <summary>Histogram, <c>s</c>: time spent decoding a buffered Pack request body.</summary>
    public const string DeserializeDuration = "pack.server.deserialize.duration";

    /// <summary>Counter, <c>{request}</c>: requests answered 400 (malformed Pack body), 406, 413 or 415.</summary>
    public const string RejectedRequests = "pack.server.request.rejected";

    /// <summary>Counter, <c>{item}</c>: items of <c>application/x-pack-stream</c> bodies, tagged <c>pack.direction</c>: <c>request</c> (read from a request stream) or <c>response</c> (written to a response stream).</summary>
    public const string StreamItems = "pack.server.stream.items";

    /// <summary>Counter, <c>{error}</c>: in-band error frames written to <c>application/x-pack-stream</c> responses.</summary>
    public const string StreamErrors = "pack.server.stream.errors";

    /// <summary>Counter, <c>{request}</c>: requests whose <c>Pack-Timeout</c> deadline expired before they completed.</summary>
    public const string DeadlineExceeded = "pack.server.deadline.exceeded";
}
