using System.Text.Json;

namespace Pack.Client;

/// <summary>
/// The client-side view of an RFC 9457 problem details body (<c>application/problem+json</c>), including the
/// <c>errors</c> member of ASP.NET Core validation problems.
/// </summary>
/// <remarks>
/// Any JSON object in an error body is read into this type: members that are not standard land in
/// <see cref="Extensions"/>, so a plain JSON error such as <c>{"message":"..."}</c> is not lost.
/// </remarks>
public sealed class PackProblemDetails
{
    /// <summary>A URI reference that identifies the problem type.</summary>
    public string? Type { get; set; }

    /// <summary>A short, human-readable summary of the problem type.</summary>
    public string? Title { get; set; }

    /// <summary>The HTTP status code the server gave in the body, if any.</summary>
    public int? Status { get; set; }

    /// <summary>A human-readable explanation specific to this occurrence of the problem.</summary>
    public string? Detail { get; set; }

    /// <summary>A URI reference that identifies this occurrence of the problem.</summary>
    public string? Instance { get; set; }

    /// <summary>Validation errors by field name, from the <c>errors</c> member. Empty when there are none.</summary>
    public IDictionary<string, string[]> Errors { get; } = new Dictionary<string, string[]>(StringComparer.Ordinal);

    /// <summary>Every other member of the body, such as <c>traceId</c>.</summary>
    public IDictionary<string, JsonElement> Extensions { get; } = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
}
