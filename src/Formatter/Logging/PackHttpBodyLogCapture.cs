using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// One side of an exchange's Pack body log, written as the HTTP logging middleware writes bodies
/// (<c>RequestBody: …</c>, <c>ResponseBody: …</c>): the capture of its bytes, with the schema the exchange names.
/// </summary>
internal sealed class PackHttpBodyLogCapture(PackHttpBodyLog log, ILogger logger, bool request, PackBodyLogRedaction redaction, bool stream, int limit, string limitName)
    : PackBodyLogCapture(logger, request ? RequestLines : ResponseLines, redaction, stream, limit, limitName)
{
    // The middleware's own event ids and names for bodies, so a filter on them shows Pack bodies too.
    private static readonly PackBodyLogEvents RequestLines = new(new EventId(3, "RequestBody"), "RequestBody: ", new EventId(103, "RequestBodyItem"), "RequestBody item ");
    private static readonly PackBodyLogEvents ResponseLines = new(new EventId(4, "ResponseBody"), "ResponseBody: ", new EventId(104, "ResponseBodyItem"), "ResponseBody item ");

    protected override PackSchema? ResolveSchema(out string unknown) => request ? log.RequestSchema(out unknown) : log.ResponseSchema(out unknown);
}
