using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.Client;

/// <summary>Writes one side of a call's Pack body log: <c>Request body: …</c>, <c>Response body: …</c>.</summary>
internal sealed partial class PackClientBodyLogSink(ILogger logger, bool request, PackSchemaLookup lookup) : PackBodyLogSink
{
    public override PackSchema? ResolveSchema(out string unknown) => lookup.Find(out unknown);

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
        [LoggerMessage(200, LogLevel.Information, "Request body: {Body}{Status}", EventName = "PackRequestBody")]
        public static partial void RequestBody(ILogger logger, string body, string status);

        [LoggerMessage(201, LogLevel.Information, "Response body: {Body}{Status}", EventName = "PackResponseBody")]
        public static partial void ResponseBody(ILogger logger, string body, string status);

        [LoggerMessage(202, LogLevel.Information, "Request body item {Index}: {Body}{Status}", EventName = "PackRequestBodyItem")]
        public static partial void RequestBodyItem(ILogger logger, int index, string body, string status);

        [LoggerMessage(203, LogLevel.Information, "Response body item {Index}: {Body}{Status}", EventName = "PackResponseBodyItem")]
        public static partial void ResponseBodyItem(ILogger logger, int index, string body, string status);
    }
}
