using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// One side of a call's Pack body log (<c>Request body: …</c>, <c>Response body: …</c>): the capture of its bytes, and
/// its schema, found when the first byte passes: the type a <see cref="PackContent"/> or <see cref="PackStreamContent"/>
/// holds, else the body's <c>Pack-Schema</c> fingerprint among the configured schemas and the types this process has
/// sent or read (<see cref="TypeSchemas"/>).
/// </summary>
internal sealed class PackClientBodyLog(
    ILogger logger, bool request, Type? type, string? fingerprint, IList<PackSchema> schemas,
    PackBodyLogRedaction redaction, bool stream, int limit, string limitName)
    : PackBodyLogCapture(logger, request ? RequestLines : ResponseLines, redaction, stream, limit, limitName)
{
    // The event ids and texts of the lines (200-203, PackRequestBody…): unchanged from the LoggerMessage methods they were.
    private static readonly PackBodyLogEvents RequestLines = new(new EventId(200, "PackRequestBody"), "Request body: ", new EventId(202, "PackRequestBodyItem"), "Request body item ");
    private static readonly PackBodyLogEvents ResponseLines = new(new EventId(201, "PackResponseBody"), "Response body: ", new EventId(203, "PackResponseBodyItem"), "Response body item ");

    protected override PackSchema? ResolveSchema(out string unknown)
    {
        if (type is not null && TypeSchemas.Get(type) is { } own)
        {
            unknown = string.Empty;
            return own;
        }

        if (string.IsNullOrEmpty(fingerprint))
        {
            unknown = type is null ? "the body has no Pack-Schema header" : $"no schema is known for {type.Name}";
            return null;
        }

        for (int i = 0; i < schemas.Count; i++)
        {
            if (string.Equals(schemas[i].WireFingerprint, fingerprint, StringComparison.Ordinal))
            {
                unknown = string.Empty;
                return schemas[i];
            }
        }

        if (TypeSchemas.Find(fingerprint) is { } known)
        {
            unknown = string.Empty;
            return known;
        }

        unknown = $"unknown schema fingerprint {fingerprint}";
        return null;
    }
}
