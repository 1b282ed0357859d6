using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>
/// Adds <c>Vary: Accept</c> to object results whose format is negotiated, whichever formatter wins, so a cache never
/// hands a Pack body to a browser or JSON to a Pack client.
/// </summary>
internal sealed class VaryByAcceptResultFilter : IResultFilter
{
    public void OnResultExecuting(ResultExecutingContext context)
    {
        // Explicit content types ([Produces], ?format=, problem details) do not depend on Accept.
        if (context.Result is ObjectResult { ContentTypes.Count: 0 })
        {
            VaryHeader.AddAccept(context.HttpContext.Response);
        }
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }
}
