using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Turns the client's faults that leave an action as exceptions into problem+json, never a 500:
/// <list type="bullet">
/// <item>an action's <c>[FromBody] IAsyncEnumerable&lt;T&gt;</c> request stream that failed (a malformed or truncated
/// frame, a stream over the limit): 400 or 413;</item>
/// <item>a request body that its Content-Encoding decoder rejects (request decompression of garbage gzip, deflate or
/// Brotli), for every input formatter, not only Pack's: 400. ASP.NET's JSON input formatter lets the decoder's
/// <see cref="InvalidDataException"/> escape model binding.</item>
/// </list>
/// </summary>
/// <remarks>
/// One filter for both: MVC pays for a filter stage on every action that has a filter in it. Registered globally;
/// <see cref="PackBodyFilterPlacement"/> takes it off the actions that cannot bind a body.
/// </remarks>
internal sealed class PackExceptionFilter : IExceptionFilter
{
    public void OnException(ExceptionContext context)
    {
        var httpContext = context.HttpContext;
        if (context.ExceptionHandled || httpContext.Response.HasStarted)
        {
            return;
        }

        if (PackRequestStreamFailure.For(httpContext, context.Exception) is { } failure)
        {
            context.Result = MvcProblemResults.Create(httpContext, failure.StatusCode, PackRequestStreamFailure.Title, failure.Detail);
            context.ExceptionHandled = true;
            return;
        }

        if (PackRequestBody.IsUndecodableContent(context.Exception))
        {
            context.Result = MvcProblemResults.Create(
                httpContext,
                StatusCodes.Status400BadRequest,
                "The request body could not be decoded.",
                $"The body does not match its Content-Encoding ('{httpContext.Request.Headers.ContentEncoding}'): {context.Exception.Message}",
                "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                httpContext.Request.Path);
            context.ExceptionHandled = true;
        }
    }
}
