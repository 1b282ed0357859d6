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
    PackBodyLogRedaction redaction, bool stream, int limit, string limitName) : PackBodyLogCapture(redaction, stream, limit, limitName)
{
    // The event ids and templates of the lines (200-203, PackRequestBody…): unchanged from the LoggerMessage methods they were.
    private static readonly EventId RequestBodyEvent = new(200, "PackRequestBody");
    private static readonly EventId ResponseBodyEvent = new(201, "PackResponseBody");
    private static readonly EventId RequestBodyItemEvent = new(202, "PackRequestBodyItem");
    private static readonly EventId ResponseBodyItemEvent = new(203, "PackResponseBodyItem");

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

    protected override void WriteBody(ReadOnlySpan<byte> body, string status)
    {
        if (request)
        {
            PackBodyLogLine.Write(logger, RequestBodyEvent, "Request body: {Body}{Status}", "Request body: ", -1, string.Empty, body, status);
        }
        else
        {
            PackBodyLogLine.Write(logger, ResponseBodyEvent, "Response body: {Body}{Status}", "Response body: ", -1, string.Empty, body, status);
        }
    }

    protected override void WriteItem(int index, ReadOnlySpan<byte> body, string status)
    {
        if (request)
        {
            PackBodyLogLine.Write(logger, RequestBodyItemEvent, "Request body item {Index}: {Body}{Status}", "Request body item ", index, ": ", body, status);
        }
        else
        {
            PackBodyLogLine.Write(logger, ResponseBodyItemEvent, "Response body item {Index}: {Body}{Status}", "Response body item ", index, ": ", body, status);
        }
    }
}
