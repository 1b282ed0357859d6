using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore;

/// <summary>MVC results for the problems Pack's filters answer: the application's <see cref="ProblemDetailsFactory"/>, always <c>application/problem+json</c>.</summary>
internal static class MvcProblemResults
{
    /// <summary>A problem result made by the application's <see cref="ProblemDetailsFactory"/>, whatever the request's <c>Accept</c>.</summary>
    /// <param name="httpContext">The request.</param>
    /// <param name="statusCode">The status code.</param>
    /// <param name="title">The title, or <see langword="null"/> for the status code's.</param>
    /// <param name="detail">The detail.</param>
    /// <param name="type">The problem type, or <see langword="null"/> for the status code's.</param>
    /// <param name="instance">The problem's <c>instance</c>, or <see langword="null"/> for none.</param>
    public static ObjectResult Create(HttpContext httpContext, int statusCode, string? title, string? detail, string? type = null, string? instance = null)
    {
        var problem = httpContext.RequestServices.GetRequiredService<ProblemDetailsFactory>()
            .CreateProblemDetails(httpContext, statusCode, title, type, detail, instance);
        return new ObjectResult(problem)
        {
            StatusCode = statusCode,
            ContentTypes = { "application/problem+json" },
        };
    }
}
