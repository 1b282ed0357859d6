using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// One side of an exchange's Pack body log, written as the HTTP logging middleware writes bodies
/// (<c>RequestBody: …</c>, <c>ResponseBody: …</c>): the capture of its bytes, with the schema the exchange names.
/// </summary>
internal sealed class PackHttpBodyLogCapture(PackHttpBodyLog log, ILogger logger, bool request, PackBodyLogRedaction redaction, bool stream, int limit, string limitName)
    : PackBodyLogCapture(redaction, stream, limit, limitName)
{
    // The middleware's own event ids and names for bodies, so a filter on them shows Pack bodies too.
    private static readonly EventId RequestBodyEvent = new(3, "RequestBody");
    private static readonly EventId ResponseBodyEvent = new(4, "ResponseBody");
    private static readonly EventId RequestBodyItemEvent = new(103, "RequestBodyItem");
    private static readonly EventId ResponseBodyItemEvent = new(104, "ResponseBodyItem");

    protected override PackSchema? ResolveSchema(out string unknown) => request ? log.RequestSchema(out unknown) : log.ResponseSchema(out unknown);

    protected override void WriteBody(ReadOnlySpan<byte> body, string status)
    {
        if (request)
        {
            PackBodyLogLine.Write(logger, RequestBodyEvent, "RequestBody: {Body}{Status}", "RequestBody: ", -1, string.Empty, body, status);
        }
        else
        {
            PackBodyLogLine.Write(logger, ResponseBodyEvent, "ResponseBody: {Body}{Status}", "ResponseBody: ", -1, string.Empty, body, status);
        }
    }

    protected override void WriteItem(int index, ReadOnlySpan<byte> body, string status)
    {
        if (request)
        {
            PackBodyLogLine.Write(logger, RequestBodyItemEvent, "RequestBody item {Index}: {Body}{Status}", "RequestBody item ", index, ": ", body, status);
        }
        else
        {
            PackBodyLogLine.Write(logger, ResponseBodyItemEvent, "ResponseBody item {Index}: {Body}{Status}", "ResponseBody item ", index, ": ", body, status);
        }
    }
}
