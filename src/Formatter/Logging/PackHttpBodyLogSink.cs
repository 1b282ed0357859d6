using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>Writes one side of an exchange's Pack body log as the HTTP logging middleware writes bodies: <c>RequestBody: …</c>, <c>ResponseBody: …</c>.</summary>
internal sealed partial class PackHttpBodyLogSink(PackHttpBodyLog log, ILogger logger, bool request) : PackBodyLogSink
{
    public override PackSchema? ResolveSchema(out string unknown) => request ? log.RequestSchema(out unknown) : log.ResponseSchema(out unknown);

    public override void WriteBody(string body, string status)
    {
        if (request)
        {
            Log.RequestBody(logger, body, status);
        }
        else
        {
            Log.ResponseBody(logger, body, status);
        }
    }

    public override void WriteItem(int index, string body, string status)
    {
        if (request)
        {
            Log.RequestBodyItem(logger, index, body, status);
        }
        else
        {
            Log.ResponseBodyItem(logger, index, body, status);
        }
    }

    private static partial class Log
    {
        // The middleware's own event ids and names for bodies, so a filter on them shows Pack bodies too.
        [LoggerMessage(3, LogLevel.Information, "RequestBody: {Body}{Status}", EventName = "RequestBody")]
        public static partial void RequestBody(ILogger logger, string body, string status);

        [LoggerMessage(4, LogLevel.Information, "ResponseBody: {Body}{Status}", EventName = "ResponseBody")]
        public static partial void ResponseBody(ILogger logger, string body, string status);

        [LoggerMessage(103, LogLevel.Information, "RequestBody item {Index}: {Body}{Status}", EventName = "RequestBodyItem")]
        public static partial void RequestBodyItem(ILogger logger, int index, string body, string status);

        [LoggerMessage(104, LogLevel.Information, "ResponseBody item {Index}: {Body}{Status}", EventName = "ResponseBodyItem")]
        public static partial void ResponseBodyItem(ILogger logger, int index, string body, string status);
    }
}
