using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Primitives;
using MediaTypeHeaderValue = Microsoft.Net.Http.Headers.MediaTypeHeaderValue;

namespace Pack.AspNetCore;

/// <summary>
/// Writes <c>application/x-pack</c> responses, and <c>application/x-pack-stream</c> for <see cref="IAsyncEnumerable{T}"/> results.
/// It only answers requests that name a Pack media type (in <c>Accept</c> or through a format mapping such as <c>?format=pack</c>),
/// and never writes <see cref="ProblemDetails"/>, so JSON stays the default and errors stay <c>application/problem+json</c>.
/// </summary>
public sealed class PackOutputFormatter : OutputFormatter
{
    private static readonly MediaTypeHeaderValue PackMediaType = MediaTypeHeaderValue.Parse(PackMediaTypes.Pack).CopyAsReadOnly();
    private static readonly MediaTypeHeaderValue PackStreamMediaType = MediaTypeHeaderValue.Parse(PackMediaTypes.PackStream).CopyAsReadOnly();
    private static readonly StringSegment PackContentType = new(PackMediaTypes.Pack);
    private static readonly StringSegment PackStreamContentType = new(PackMediaTypes.PackStream);
    private static readonly MediaType PackRange = new(PackMediaTypes.Pack);
    private static readonly MediaType PackStreamRange = new(PackMediaTypes.PackStream);

    private readonly PackFormatterOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">Serializer options.</param>
    /// <param name="logger">Receives stream failures and client disconnects.</param>
    public PackOutputFormatter(PackFormatterOptions options, ILogger<PackOutputFormatter> logger)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(logger);

        _options = options;
        _logger = logger;
        SupportedMediaTypes.Add(PackMediaType);
        SupportedMediaTypes.Add(PackStreamMediaType);
    }

    /// <inheritdoc/>
    protected override bool CanWriteType(Type? type) =>
        type is not null && !typeof(ProblemDetails).IsAssignableFrom(type) && !typeof(IResult).IsAssignableFrom(type);

    /// <inheritdoc/>
    public override bool CanWriteResult(OutputFormatterCanWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // No content type, or a wildcard, means the client did not ask for Pack: leave it to JSON.
        if (!context.ContentType.HasValue)
        {
            return false;
        }

        // What Pack clients ask for, exactly: no media type to parse (the selector offers each Accept value in turn).
        var exactlyPack = context.ContentType.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase);
        var requested = exactlyPack ? PackRange : new MediaType(context.ContentType);
        if (!exactlyPack && (requested.MatchesAllTypes || requested.MatchesAllSubTypes))
        {
            return false;
        }

        var type = GetObjectType(context);
        if (!CanWriteType(type))
        {
            return false;
        }

        var isStream = AsyncEnumerableTypes.GetElementType(type!) is not null;
        if (exactlyPack)
        {
            context.ContentType = isStream ? PackStreamContentType : PackContentType;
            return true;
        }

        if (isStream && (IsPack(requested) || IsPackStream(requested)))
        {
            context.ContentType = PackStreamContentType;
            return true;
        }

        if (!isStream && IsPack(requested))
        {
            context.ContentType = PackContentType;
            return true;
        }

        return false;
    }

    /// <inheritdoc/>
    public override IReadOnlyList<string>? GetSupportedContentTypes(string? contentType, Type objectType)
    {
        ArgumentNullException.ThrowIfNull(objectType);

        if (!CanWriteType(objectType))
        {
            return null;
        }

        var produced = AsyncEnumerableTypes.GetElementType(objectType) is null ? PackMediaTypes.Pack : PackMediaTypes.PackStream;
        return string.IsNullOrEmpty(contentType) || new MediaType(produced).IsSubsetOf(new MediaType(contentType)) ? [produced] : null;
    }

    /// <inheritdoc/>
    public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        var httpContext = context.HttpContext;
        var type = GetObjectType(context) ?? typeof(object);

        if (context.Object is not null && AsyncEnumerableTypes.GetElementType(type) is { } elementType)
        {
            await PackStreamResponseWriter.WriteAsync(httpContext, context.Object, elementType, _options.SerializerOptions, _logger).ConfigureAwait(false);
            return;
        }

        // Flushed in bounded parts as it is written, so a large body is never held whole; a small one is written at once
        // and, into the server's own body, sent with the end of the response, on HTTP/1.x with its length (PackResponseBody).
        var response = httpContext.Response;
        PackSchemaHeader.Add(response, type);
        var started = PackServerMetrics.StartSerialize(httpContext);
        var body = PackResponseBody.Start(httpContext);
        try
        {
            await PackSerializer.SerializeAsync(body.Destination, context.Object, type, _options.SerializerOptions, flushLastPart: false, httpContext.RequestAborted).ConfigureAwait(false);
            await body.EndAsync(response, httpContext.RequestAborted).ConfigureAwait(false);
        }
        finally
        {
            body.Release();
        }

        PackServerMetrics.EndSerialize(httpContext, started, PackFormatTag.Pack);
    }

    // The declared type is the contract a Pack reader decodes with, so it wins, unless it says nothing (object).
    private static Type? GetObjectType(OutputFormatterCanWriteContext context) =>
        context.ObjectType is null || context.ObjectType == typeof(object) ? context.Object?.GetType() ?? context.ObjectType : context.ObjectType;

    // Parsed once: these run for every response negotiated to Pack.
    private static bool IsPack(MediaType requested) => PackRange.IsSubsetOf(requested);

    private static bool IsPackStream(MediaType requested) => PackStreamRange.IsSubsetOf(requested);
}
