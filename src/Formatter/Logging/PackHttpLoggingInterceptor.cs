using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.HttpLogging;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Pack.Logging;

namespace Pack.AspNetCore;

/// <summary>
/// Takes Pack bodies over from the HTTP logging middleware, which would log them as text it cannot read. Called before
/// the middleware hooks the bodies: for a Pack request body (and, while response bodies are logged, for every
/// response) it turns the middleware's own body logging off for that body and installs a pass-through stream that
/// keeps the first bytes up to the body log limit for <see cref="PackBodyLogCapture"/>. With body logging off it only
/// reads the request's fields.
/// </summary>
internal sealed class PackHttpLoggingInterceptor : IHttpLoggingInterceptor
{
    /// <summary>The middleware's category: a filter that shows its lines shows these.</summary>
    internal const string Category = "Microsoft.AspNetCore.HttpLogging.HttpLoggingMiddleware";

    private readonly ILogger _logger;
    private readonly IOptionsMonitor<PackHttpLoggingOptions> _options;

    public PackHttpLoggingInterceptor(ILoggerFactory loggerFactory, IOptionsMonitor<PackHttpLoggingOptions> options)
    {
        _logger = loggerFactory.CreateLogger(Category);
        _options = options;
    }

    public ValueTask OnRequestAsync(HttpLoggingInterceptorContext logContext)
    {
        var fields = logContext.LoggingFields;
        if ((fields & (HttpLoggingFields.RequestBody | HttpLoggingFields.ResponseBody)) == 0)
        {
            return default;
        }

        var context = logContext.HttpContext;
        var request = context.Request;
        bool requestStream = false;
        bool requestBody = (fields & HttpLoggingFields.RequestBody) != 0 && PackHttpBodyLog.IsPack(request.ContentType, out requestStream);
        bool responseBody = (fields & HttpLoggingFields.ResponseBody) != 0 && logContext.ResponseBodyLogLimit > 0;
        if (!requestBody && !responseBody)
        {
            return default;
        }

        var options = _options.CurrentValue;
        var log = new PackHttpBodyLog(context, _logger, new PackBodyLogRedaction(options.RedactedMembers, options.Redact));
        context.Features.Set(log);
        if (requestBody)
        {
            logContext.TryDisable(HttpLoggingFields.RequestBody);
            log.StartRequest(requestStream, logContext.RequestBodyLogLimit);
            request.Body = log.RequestStream = new PackBodyLogStream(request.Body, writing: false) { Capture = log.Request };
        }

        if (responseBody)
        {
            var inner = context.Features.Get<IHttpResponseBodyFeature>();
            if (inner is not null)
            {
                context.Features.Set<IHttpResponseBodyFeature>(new PackLoggingResponseBodyFeature(inner, log));
            }
        }

        context.Response.OnCompleted(static state => ((PackHttpBodyLog)state).Complete(), log);
        return default;
    }

    public ValueTask OnResponseAsync(HttpLoggingInterceptorContext logContext)
    {
        // Called as the response starts (headers fixed, no body byte written yet).
        if ((logContext.LoggingFields & HttpLoggingFields.ResponseBody) == 0
            || logContext.HttpContext.Features.Get<PackHttpBodyLog>() is not { } log
            || !PackHttpBodyLog.IsPack(logContext.HttpContext.Response.ContentType, out bool stream))
        {
            return default;
        }

        logContext.TryDisable(HttpLoggingFields.ResponseBody);
        log.StartResponse(stream, logContext.ResponseBodyLogLimit);
        return default;
    }
}
