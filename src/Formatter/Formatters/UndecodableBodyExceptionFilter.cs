using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Pack.AspNetCore;

/// <summary>
/// Turns a request body that its Content-Encoding decoder rejects (request decompression of garbage gzip, deflate or
/// Brotli) into a 400 problem+json for every input formatter, not only Pack's: ASP.NET's JSON input formatter lets the
/// decoder's <see cref="InvalidDataException"/> escape model binding, which would otherwise be a 500.
/// </summary>
internal sealed class UndecodableBodyExceptionFilter : IExceptionFilter
{
    public void OnException(ExceptionContext context)
    {
        if (context.ExceptionHandled || context.HttpContext.Response.HasStarted || !PackRequestBody.IsUndecodableContent(context.Exception))
        {
            return;
        }

        var problem = new ProblemDetails
        {
            Status = StatusCodes.Status400BadRequest,
            Title = "The request body could not be decoded.",
            Type = "https://tools.ietf.org/html/rfc9110#section-15.5.1",
            Detail = $"The body does not match its Content-Encoding ('{context.HttpContext.Request.Headers.ContentEncoding}'): {context.Exception.Message}",
            Instance = context.HttpContext.Request.Path,
        };
        problem.Extensions["traceId"] = context.HttpContext.TraceIdentifier;
        context.Result = new ObjectResult(problem) { StatusCode = StatusCodes.Status400BadRequest, ContentTypes = { "application/problem+json" } };
        context.ExceptionHandled = true;
    }
}
