using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Pack.AspNetCore;

/// <summary>Writes a minimal-API result body in the format the request negotiated.</summary>
internal static class PackResultWriter
{
    private const string JsonContentType = "application/json";
    private const string LoggerCategory = "Pack.AspNetCore.PackResults";

    public static async Task WriteAsync<TValue>(HttpContext httpContext, int statusCode, TValue? value)
    {
        ArgumentNullException.ThrowIfNull(httpContext);

        var response = httpContext.Response;
        response.StatusCode = statusCode;
        VaryHeader.AddAccept(response);

        if (!AcceptHeader.PrefersPack(httpContext.Request))
        {
            await response.WriteAsJsonAsync(value, HttpJsonTypeInfos.Get<TValue?>(httpContext), contentType: null, httpContext.RequestAborted).ConfigureAwait(false);
            return;
        }

        var options = PackEndpointOptions.Get(httpContext);
        // The declared type first: PackResults.Stream declares IAsyncEnumerable<T> itself, which needs no reflection to recognise.
        if (value is not null && AsyncEnumerableTypes.GetElementType(value) is { } elementType)
        {
            response.ContentType = PackMediaTypes.PackStream;
            var logger = httpContext.RequestServices.GetRequiredService<ILoggerFactory>().CreateLogger(LoggerCategory);
            await PackStreamResponseWriter.WriteAsync(httpContext, value, elementType, options.SerializerOptions, logger).ConfigureAwait(false);
            return;
        }

        response.ContentType = PackMediaTypes.Pack;
        PackSchemaHeader.Add(response, typeof(TValue));
        var started = PackServerMetrics.StartSerialize(httpContext);
        var body = PackResponseBody.Start(httpContext);
        try
        {
            await PackSerializer.SerializeAsync(body.Destination, value, options.SerializerOptions, flushLastPart: false, httpContext.RequestAborted).ConfigureAwait(false);
            await body.EndAsync(response, httpContext.RequestAborted).ConfigureAwait(false);
        }
        finally
        {
            body.Release();
        }

        PackServerMetrics.EndSerialize(httpContext, started, PackFormatTag.Pack);
    }

    public static ProducesResponseTypeMetadata ProducesMetadata(int statusCode, Type valueType)
    {
        var packType = AsyncEnumerableTypes.GetElementType(valueType) is null ? PackMediaTypes.Pack : PackMediaTypes.PackStream;
        return new ProducesResponseTypeMetadata(statusCode, valueType, [JsonContentType, packType]);
    }
}
