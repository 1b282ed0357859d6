using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// Strict negotiation (<see cref="MvcOptions.ReturnHttpNotAcceptable"/>) done right for errors. Before the result runs, a
/// problem result (400 ValidationProblemDetails, 413, 404, 415 …) that no formatter could write for this <c>Accept</c> is
/// written as <c>application/problem+json</c> anyway: the error wins over negotiation, where MVC would replace it with a
/// 406 and hide what was wrong (RFC 9110 §12.1 lets a server disregard <c>Accept</c>). After it runs, MVC's own 406, which
/// ASP.NET sends with no body, gets an <c>application/problem+json</c> body that names the media types the action can produce.
/// </summary>
internal sealed class NotAcceptableProblemFilter : IAsyncAlwaysRunResultFilter
{
    private const string ProblemJsonContentType = "application/problem+json";

    public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
    {
        if (context.Result is ObjectResult { Value: ProblemDetails details } problemResult && !CanNegotiate(context.HttpContext, problemResult))
        {
            context.Result = new JsonResult(details)
            {
                StatusCode = problemResult.StatusCode ?? details.Status,
                ContentType = ProblemJsonContentType,
            };
        }

        var executed = await next().ConfigureAwait(false);
        var response = context.HttpContext.Response;
        if (response.StatusCode != StatusCodes.Status406NotAcceptable || response.HasStarted || executed.Result is not ObjectResult result)
        {
            return;
        }

        var produced = Producible(context.HttpContext, result);
        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status406NotAcceptable,
            Title = "Not Acceptable",
            Type = "https://tools.ietf.org/html/rfc9110#section-15.5.7",
            Detail = $"None of the media types in Accept ('{context.HttpContext.Request.Headers.Accept}') can be produced. This endpoint produces: {string.Join(", ", produced)}.",
            Instance = context.HttpContext.Request.Path,
        };
        problem.Extensions["producibleMediaTypes"] = produced;
        problem.Extensions["traceId"] = context.HttpContext.TraceIdentifier;

        await response.WriteAsJsonAsync(problem, HttpJsonTypeInfos.Get<ProblemDetails>(context.HttpContext), ProblemJsonContentType, context.HttpContext.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>Whether MVC's formatter selection finds a formatter for the result under this <c>Accept</c> (it answers 406 otherwise).</summary>
    private static bool CanNegotiate(HttpContext httpContext, ObjectResult result)
    {
        var services = httpContext.RequestServices;
        var writeContext = new OutputFormatterWriteContext(
            httpContext,
            services.GetRequiredService<IHttpResponseStreamWriterFactory>().CreateWriter,
            result.DeclaredType ?? result.Value?.GetType() ?? typeof(object),
            result.Value);
        return services.GetRequiredService<OutputFormatterSelector>().SelectFormatter(writeContext, result.Formatters, result.ContentTypes) is not null;
    }

    private static List<string> Producible(HttpContext httpContext, ObjectResult result)
    {
        var type = result.DeclaredType is null || result.DeclaredType == typeof(object) ? result.Value?.GetType() ?? typeof(object) : result.DeclaredType;
        var formatters = httpContext.RequestServices.GetRequiredService<IOptions<MvcOptions>>().Value.OutputFormatters;
        var produced = new List<string>();
        foreach (var formatter in formatters)
        {
            if (formatter is not IApiResponseTypeMetadataProvider provider)
            {
                continue;
            }

            if (result.ContentTypes.Count == 0)
            {
                Add(produced, provider.GetSupportedContentTypes(contentType: null!, type));
            }
            else
            {
                foreach (var contentType in result.ContentTypes)
                {
                    Add(produced, provider.GetSupportedContentTypes(contentType, type));
                }
            }
        }

        return produced;
    }

    private static void Add(List<string> produced, IReadOnlyList<string>? contentTypes)
    {
        if (contentTypes is null)
        {
            return;
        }

        foreach (var contentType in contentTypes)
        {
            if (!produced.Contains(contentType, StringComparer.OrdinalIgnoreCase))
            {
                produced.Add(contentType);
            }
        }
    }
}
