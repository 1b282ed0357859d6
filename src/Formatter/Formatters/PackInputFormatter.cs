using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>
/// Reads <c>application/x-pack</c> request bodies for <c>[FromBody]</c> parameters from <see cref="Microsoft.AspNetCore.Http.HttpRequest.BodyReader"/>.
/// A malformed body becomes a model-state error that says what was wrong (so <c>[ApiController]</c> answers 400
/// ValidationProblemDetails); one over <see cref="PackFormatterOptions.MaxRequestBodySize"/> or the server's limit is
/// answered 413 ProblemDetails by a filter that <c>AddPackFormatters</c> registers. Neither becomes a 500.
/// </summary>
public sealed partial class PackInputFormatter : InputFormatter, IInputFormatterExceptionPolicy
{
    private static readonly MediaTypeHeaderValue PackMediaType = MediaTypeHeaderValue.Parse(PackMediaTypes.Pack).CopyAsReadOnly();
    private static readonly MediaTypeHeaderValue PackStreamMediaType = MediaTypeHeaderValue.Parse(PackMediaTypes.PackStream).CopyAsReadOnly();
    private static readonly Microsoft.AspNetCore.Mvc.Formatters.MediaType PackStreamMediaTypeValue = new(PackMediaTypes.PackStream);

    private readonly PackFormatterOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">Serializer options and the request body limit.</param>
    /// <param name="logger">Receives a Debug entry for every rejected body.</param>
    public PackInputFormatter(PackFormatterOptions options, ILogger<PackInputFormatter> logger)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(logger);

        _options = options;
        _logger = logger;
        SupportedMediaTypes.Add(PackMediaType);
        SupportedMediaTypes.Add(PackStreamMediaType);
    }

    /// <inheritdoc/>
    /// <remarks>
    /// An <c>application/x-pack-stream</c> body binds only to an <see cref="IAsyncEnumerable{T}"/> parameter, and an
    /// <see cref="IAsyncEnumerable{T}"/> parameter only from such a body: anything else is MVC's 415.
    /// </remarks>
    public override bool CanRead(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return base.CanRead(context) && IsStream(context) == (AsyncEnumerableTypes.GetElementType(context.ModelType) is not null);
    }

    /// <inheritdoc/>
    /// <remarks>Rejected bodies are reported through model state directly; any other exception is a server fault and keeps its meaning.</remarks>
    public InputFormatterExceptionPolicy ExceptionPolicy => InputFormatterExceptionPolicy.MalformedInputExceptions;

    /// <inheritdoc/>
    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        var httpContext = context.HttpContext;
        var elementType = IsStream(context) ? AsyncEnumerableTypes.GetElementType(context.ModelType) : null;
        if (await PackRequestSchemaCheck.CheckAsync(httpContext.Request, elementType ?? context.ModelType, _options).ConfigureAwait(false) is { } rejection)
        {
            // Before a byte is read: an incompatible or unknown writer schema would be read as the wrong values.
            // PackActionFilter answers the problem from this mark (model state alone would be a 400).
            Log.RejectedSchema(_logger, context.ModelType, rejection.Detail);
            context.ModelState.TryAddModelError(string.IsNullOrEmpty(context.ModelName) ? "$" : context.ModelName, rejection.Detail);
            httpContext.Features.Set(rejection);
            return InputFormatterResult.Failure();
        }

        if (elementType is not null)
        {
            // Nothing is read here: the action enumerates the items as their frames arrive. A bad frame is answered
            // when the action meets it (PackExceptionFilter, or the response stream writer).
            return InputFormatterResult.Success(PackRequestStreams.Create(elementType, httpContext, _options));
        }

        var result = await PackRequestBody.ReadAsync(httpContext.Request, context.ModelType, _options, httpContext.RequestAborted).ConfigureAwait(false);

        if (result.IsEmpty)
        {
            // A chunked body that turned out empty: behave as the framework does for Content-Length: 0.
            return context.TreatEmptyInputAsDefaultValue
                ? InputFormatterResult.Success(GetDefaultValueForType(context.ModelType))
                : InputFormatterResult.NoValue();
        }

        if (result.Error is { } error)
        {
            Log.RejectedBody(_logger, context.ModelType, error, result.Exception);

            // The root of the body, named as System.Text.Json's formatter names it, when the model has no name of its own.
            var key = string.IsNullOrEmpty(context.ModelName) ? "$" : context.ModelName;
            context.ModelState.TryAddModelError(key, error);
            if (result.IsTooLarge)
            {
                // Model state alone would make this a 400; PackActionFilter answers 413 from this mark.
                httpContext.Features.Set(new PackRequestTooLargeFeature(error));
            }

            return InputFormatterResult.Failure();
        }

        return InputFormatterResult.Success(result.Value);
    }

    private static bool IsStream(InputFormatterContext context) =>
        context.HttpContext.Request.ContentType is { } contentType
        && new Microsoft.AspNetCore.Mvc.Formatters.MediaType(contentType).IsSubsetOf(PackStreamMediaTypeValue);

    private static partial class Log
    {
        [LoggerMessage(EventId = 1, Level = LogLevel.Debug, EventName = "PackRequestBodyRejected", Message = "The Pack request body could not be read as {ModelType}: {Reason}")]
        public static partial void RejectedBody(ILogger logger, Type modelType, string reason, Exception? exception);

        [LoggerMessage(EventId = 3, Level = LogLevel.Debug, EventName = "PackRequestSchemaRejected", Message = "The Pack request body was not read as {ModelType}: {Reason}")]
        public static partial void RejectedSchema(ILogger logger, Type modelType, string reason);
    }
}
