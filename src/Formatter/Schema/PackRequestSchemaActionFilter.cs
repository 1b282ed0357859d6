using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Answers the problem (409, 412 or 400 problem+json, docs/schema.md §5.2) when <see cref="PackInputFormatter"/> did not
/// read a body because of its <c>Pack-Schema</c> header. It runs before <c>[ApiController]</c>'s ModelStateInvalidFilter
/// (order −2000), which would otherwise answer a 400, and without <c>[ApiController]</c> too, so the action never runs
/// with a body that was not read.
/// </summary>
internal sealed class PackRequestSchemaActionFilter : IActionFilter, IOrderedFilter
{
    /// <summary>Before ModelStateInvalidFilter's −2000.</summary>
    public int Order => -3000;

    public void OnActionExecuting(ActionExecutingContext context)
    {
        if (context.HttpContext.Features.Get<PackRequestSchemaRejection>() is { } rejection)
        {
            context.Result = rejection.ToObjectResult(context.HttpContext);
        }
    }

    public void OnActionExecuted(ActionExecutedContext context)
    {
    }
}
