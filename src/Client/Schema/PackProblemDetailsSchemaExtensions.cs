using System.Text.Json;
using Pack.Schema;

namespace Pack.Client;

/// <summary>Reads the request schema check's members (docs/schema.md §5.2) from a server's problem details.</summary>
public static class PackProblemDetailsSchemaExtensions
{
    /// <summary>
    /// The violations a server listed when it refused a request body written with an incompatible schema (a 409 of type
    /// <c>urn:pack:problem:request-schema-incompatible</c>): rule ID, path and message of each. Empty for any
    /// other problem.
    /// </summary>
    /// <param name="problem">The problem details, for example <see cref="PackApiException.Problem"/>.</param>
    /// <returns>The violations, in the server's order.</returns>
    public static IReadOnlyList<PackSchemaViolation> GetSchemaViolations(this PackProblemDetails problem)
    {
        ArgumentNullException.ThrowIfNull(problem);
        if (!problem.Extensions.TryGetValue(PackRequestSchemaProtocol.ViolationsMember, out var violations) || violations.ValueKind != JsonValueKind.Array)
        {
            return [];
        }

        var list = new List<PackSchemaViolation>();
        foreach (var violation in violations.EnumerateArray())
        {
            if (violation.ValueKind == JsonValueKind.Object)
            {
                list.Add(new PackSchemaViolation(Text(violation, "ruleId"), Text(violation, "path"), Text(violation, "message")));
            }
        }

        return list;
    }

    private static string Text(JsonElement violation, string name) =>
        violation.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString()! : string.Empty;
}
