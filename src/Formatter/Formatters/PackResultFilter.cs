using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Before an object result runs: adds <c>Vary: Accept</c> when its format is negotiated, whichever formatter wins, so a
/// cache never hands a Pack body to a browser or JSON to a Pack client; then makes <c>?format=pack</c> work on every
/// action, not only on those with <c>[FormatFilter]</c>, by writing the result as Pack (a Pack stream for
/// <see cref="IAsyncEnumerable{T}"/>). Other formats are left alone, so an action's own <c>format</c> parameter keeps
/// working, and so do <c>[FormatFilter]</c> routes. Problem details stay <c>application/problem+json</c>.
/// </summary>
/// <remarks>One filter for both: MVC pays for every global filter on every action.</remarks>
internal sealed class PackResultFilter : IResultFilter
{
    public void OnResultExecuting(ResultExecutingContext context)
    {
        if (context.Result is not ObjectResult result)
        {
            return;
        }

        // Explicit content types ([Produces], ?format=, problem details) do not depend on Accept.
        if (result.ContentTypes.Count == 0)
        {
            VaryHeader.AddAccept(context.HttpContext.Response);
        }

        if (result.Value is not ProblemDetails && PackFormatQuery.AsksForPack(context.HttpContext.Request))
        {
            result.ContentTypes.Clear();
            result.ContentTypes.Add(PackMediaTypes.Pack);
        }
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }
}
