namespace Pack.AspNetCore;

/// <summary>
/// Set on the request by <see cref="PackInputFormatter"/> when the body is over a size limit, so that
/// <see cref="PackActionFilter"/> can answer 413 instead of the 400 that model state alone would give.
/// </summary>
internal sealed class PackRequestTooLargeFeature(string detail)
{
    /// <summary>What the client sees in the problem's <c>detail</c>.</summary>
    public string Detail { get; } = detail;
}
