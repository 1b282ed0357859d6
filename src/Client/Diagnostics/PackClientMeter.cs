namespace Pack.Client;

/// <summary>The names of the meter and instruments of Pack's client, for <c>AddMeter(PackClientMeter.Name)</c>. See <c>docs/operations.md</c>.</summary>
public static class PackClientMeter
{
    /// <summary>The meter name, <c>Pack.Client</c>.</summary>
    public const string Name = "Pack.Client";

    /// <summary>Histogram, <c>By</c>: request and response bodies in Pack or JSON.</summary>
    public const string BodySize = "pack.client.body.size";

    /// <summary>Histogram, <c>s</c>: time from the first read of a response body to its end (transfer and decoding).</summary>
    public const string BodyReadDuration = "pack.client.body.read.duration";

    /// <summary>Counter, <c>{request}</c>: JSON used in place of Pack, a JSON answer (<c>pack.direction=response</c>) or a body resent as JSON after a 415 (<c>request</c>).</summary>
    public const string JsonFallbacks = "pack.client.json_fallbacks";

    /// <summary>Counter, <c>{request}</c>: calls that failed with <see cref="PackDeadlineExceededException"/>.</summary>
    public const string DeadlineExceeded = "pack.client.deadline.exceeded";

    /// <summary>Counter, <c>{item}</c>: items of <c>application/x-pack-stream</c> bodies, tagged <c>pack.direction</c>: <c>request</c> (sent in a request stream) or <c>response</c> (read from a response stream).</summary>
    public const string StreamItems = "pack.client.stream.items";

    /// <summary>
    /// Counter, <c>{response}</c>: Pack responses whose <c>Pack-Schema</c> differs from the reader type's (or whose reader type
    /// has no known schema) that were read without a schema check, tagged <c>pack.reason</c>: <c>reader-unknown</c>,
    /// <c>no-endpoint</c>, <c>not-served</c> or <c>lookup-failed</c>.
    /// </summary>
    public const string UncheckedReads = "pack.client.reads.unchecked";
}
