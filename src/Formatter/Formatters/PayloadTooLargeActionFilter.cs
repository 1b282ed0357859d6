using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore;

/// <summary>
/// Answers 413 ProblemDetails when <see cref="PackInputFormatter"/> rejected a body for its size. It runs before
/// <c>[ApiController]</c>'s ModelStateInvalidFilter (order −2000), which would otherwise turn the model-state error into
/// a 400, and it never throws, so <c>UseExceptionHandler()</c> cannot turn the rejection into a 500.
/// </summary>
internal sealed class PayloadTooLargeActionFilter : IActionFilter, IOrderedFilter
{
    /// <summary>Before ModelStateInvalidFilter's −2000.</summary>
    public int Order => -3000;

    public void OnActionExecuting(ActionExecutingContext context)
    {
        if (context.HttpContext.Features.Get<PackRequestTooLargeFeature>() is not { } tooLarge)
        {
            return;
        }

        var httpContext = context.HttpContext;
        var problem = httpContext.RequestServices.GetRequiredService<ProblemDetailsFactory>()
            .CreateProblemDetails(httpContext, StatusCodes.Status413PayloadTooLarge, detail: tooLarge.Detail);
        context.Result = new ObjectResult(problem)
        {
            StatusCode = StatusCodes.Status413PayloadTooLarge,
            ContentTypes = { "application/problem+json" },
        };
    }

    public void OnActionExecuted(ActionExecutedContext context)
    {
    }
}
