using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Pack.Logging;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// One exchange's Pack body logs, kept in the request's features while HTTP logging logs bodies: the request body's
/// capture (its type noted by <see cref="PackRequestSchemaCheck"/> when the app reads it) and the response body's
/// (its schema named by the response's <c>Pack-Schema</c> header).
/// </summary>
internal sealed class PackHttpBodyLog
{
    private readonly HttpContext _context;
    private readonly PackBodyLogRedaction _redaction;
    private readonly ILogger _logger;

    public PackHttpBodyLog(HttpContext context, ILogger logger, PackBodyLogRedaction redaction)
    {
        _context = context;
        _redaction = redaction;
        _logger = logger;
    }

    /// <summary>The type the app reads the request body as (a request stream's item type), once it reads it.</summary>
    public Type? RequestType { get; set; }

    public PackBodyLogCapture? Request { get; private set; }

    public PackBodyLogCapture? Response { get; private set; }

    /// <summary>The request body as the app reads it.</summary>
    public PackBodyLogStream? RequestStream { get; set; }

    /// <summary>The response body below the HTTP logging middleware's, once the response is written to.</summary>
    public PackBodyLogStream? ResponseStream { get; set; }

    public HttpContext Context => _context;

    /// <summary>Whether <paramref name="contentType"/> is a Pack body or a Pack stream.</summary>
    public static bool IsPack(string? contentType, out bool stream)
    {
        stream = false;
        if (contentType is null)
        {
            return false;
        }

        var mediaType = contentType.AsSpan();
        int semicolon = mediaType.IndexOf(';');
        if (semicolon >= 0)
        {
            mediaType = mediaType[..semicolon];
        }

        mediaType = mediaType.Trim();
        stream = mediaType.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase);
        return stream || mediaType.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase);
    }

    public void StartRequest(bool stream, int limit) =>
        Request = new PackHttpBodyLogCapture(this, _logger, request: true, _redaction, stream, limit, "RequestBodyLogLimit");

    public void StartResponse(bool stream, int limit)
    {
        Response = new PackHttpBodyLogCapture(this, _logger, request: false, _redaction, stream, limit, "ResponseBodyLogLimit");
        if (ResponseStream is { } body)
        {
            body.Capture = Response;
        }
    }

    /// <summary>Writes what is left when the response has been sent: a request body the app did not read to its end, the response body.</summary>
    public Task Complete()
    {
        if (Request is { IsDone: false } request)
        {
            if (RequestStream is { Ended: false } body)
            {
                request.Complete("the app read ", body.BytesRead);
            }
            else
            {
                request.Complete();
            }
        }

        Response?.Complete();
        return Task.CompletedTask;
    }

    /// <summary>The schema of the request body: the app's type, unless the body's <c>Pack-Schema</c> names another.</summary>
    public PackSchema? RequestSchema(out string unknown)
    {
        string? header = _context.Request.Headers[PackSchema.HeaderName];
        if (RequestType is not { } type)
        {
            unknown = $"{PackMediaTypes.Pack} body that the app did not read as a type";
            return null;
        }

        if (!PackSchema.TryGet(type, options: null, out var schema))
        {
            unknown = $"no schema is known for {type.Name}";
            return null;
        }

        if (!string.IsNullOrEmpty(header) && !string.Equals(header, schema.WireFingerprint, StringComparison.Ordinal))
        {
            unknown = $"unknown schema fingerprint {header} (the endpoint reads {schema.Label}, {schema.WireFingerprint})";
            return null;
        }

        unknown = string.Empty;
        return schema;
    }

    /// <summary>The schema of the response body, from its <c>Pack-Schema</c> header and the types this process wrote.</summary>
    public PackSchema? ResponseSchema(out string unknown)
    {
        string? header = _context.Response.Headers[PackSchema.HeaderName];
        if (string.IsNullOrEmpty(header))
        {
            unknown = "the response has no Pack-Schema header";
            return null;
        }

        if (PackSchemaHeader.WrittenType(header) is not { } type || !PackSchema.TryGet(type, options: null, out var schema))
        {
            unknown = $"unknown schema fingerprint {header}";
            return null;
        }

        unknown = string.Empty;
        return schema;
    }
}
