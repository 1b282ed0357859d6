using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore;

/// <summary>
/// Answers 400 or 413 problem+json when an action's <c>[FromBody] IAsyncEnumerable&lt;T&gt;</c> request stream failed
/// (a malformed or truncated frame, a stream over the limit) and the exception left the action: the client's fault, never a 500.
/// </summary>
internal sealed class PackRequestStreamExceptionFilter : IExceptionFilter
{
    public void OnException(ExceptionContext context)
    {
        var httpContext = context.HttpContext;
        if (context.ExceptionHandled || httpContext.Response.HasStarted || PackRequestStreamFailure.For(httpContext, context.Exception) is not { } failure)
        {
            return;
        }

        var problem = httpContext.RequestServices.GetRequiredService<ProblemDetailsFactory>()
            .CreateProblemDetails(httpContext, failure.StatusCode, PackRequestStreamFailure.Title, detail: failure.Detail);
        context.Result = new ObjectResult(problem)
        {
            StatusCode = failure.StatusCode,
            ContentTypes = { "application/problem+json" },
        };
        context.ExceptionHandled = true;
    }
}
