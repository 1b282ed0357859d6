using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Makes <c>?format=pack</c> work on every action, not only on those with <c>[FormatFilter]</c>: an object result is
/// written as Pack (a Pack stream for <see cref="IAsyncEnumerable{T}"/>). Other formats are left alone, so an action's
/// own <c>format</c> parameter keeps working, and so do <c>[FormatFilter]</c> routes. Problem details stay
/// <c>application/problem+json</c>.
/// </summary>
internal sealed class PackFormatResultFilter : IResultFilter
{
    public void OnResultExecuting(ResultExecutingContext context)
    {
        if (context.Result is ObjectResult { Value: not ProblemDetails } result && PackFormatQuery.AsksForPack(context.HttpContext.Request))
        {
            result.ContentTypes.Clear();
            result.ContentTypes.Add(PackMediaTypes.Pack);
        }
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }
}
