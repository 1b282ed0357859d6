using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// Gives MVC's 406 (<see cref="MvcOptions.ReturnHttpNotAcceptable"/>), which ASP.NET sends with no body, an
/// <c>application/problem+json</c> body that names the media types the action can produce, whatever the <c>Accept</c>.
/// </summary>
internal sealed class NotAcceptableProblemFilter : IAsyncAlwaysRunResultFilter
{
    public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
    {
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

        await response.WriteAsJsonAsync(problem, HttpJsonTypeInfos.Get<ProblemDetails>(context.HttpContext), "application/problem+json", context.HttpContext.RequestAborted).ConfigureAwait(false);
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
