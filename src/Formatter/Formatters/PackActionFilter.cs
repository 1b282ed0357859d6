using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Answers the problem for a body <see cref="PackInputFormatter"/> did not read, before the action runs: 413 when it
/// was over the size limit, else 409, 412 or 400 when its <c>Pack-Schema</c> header ruled it out (docs/schema.md §5.2).
/// It runs before <c>[ApiController]</c>'s ModelStateInvalidFilter (order −2000), which would otherwise turn the
/// model-state error into a 400, and without <c>[ApiController]</c> too, so the action never runs with a body that was
/// not read; it never throws, so <c>UseExceptionHandler()</c> cannot turn the rejection into a 500.
/// </summary>
/// <remarks>
/// One filter for both: MVC pays for a filter stage on every action that has a filter in it. Registered globally;
/// <see cref="PackBodyFilterPlacement"/> takes it off the actions that cannot bind a body.
/// </remarks>
internal sealed class PackActionFilter : IActionFilter, IOrderedFilter
{
    /// <summary>Before ModelStateInvalidFilter's −2000.</summary>
    public int Order => -3000;

    public void OnActionExecuting(ActionExecutingContext context)
    {
        var httpContext = context.HttpContext;
        if (httpContext.Features.Get<PackRequestTooLargeFeature>() is { } tooLarge)
        {
            context.Result = MvcProblemResults.Create(httpContext, StatusCodes.Status413PayloadTooLarge, title: null, tooLarge.Detail);
            return;
        }

        if (httpContext.Features.Get<PackRequestSchemaRejection>() is { } rejection)
        {
            context.Result = rejection.ToObjectResult(httpContext);
        }
    }

    public void OnActionExecuted(ActionExecutedContext context)
    {
    }
}
