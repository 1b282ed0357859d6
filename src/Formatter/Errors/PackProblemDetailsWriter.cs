using System.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.AspNetCore.WebUtilities;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// Writes problem details as <c>application/problem+json</c> for clients whose <c>Accept</c> names only Pack, which the
/// framework's own writer declines. Without it, an exception or status-code page would answer such a client with an empty body.
/// </summary>
internal sealed class PackProblemDetailsWriter(IOptions<JsonOptions> jsonOptions, IOptions<ProblemDetailsOptions> problemDetailsOptions) : IProblemDetailsWriter
{
    private const string ProblemJsonContentType = "application/problem+json";

    public bool CanWrite(ProblemDetailsContext context) => AcceptHeader.NamesPack(context.HttpContext.Request);

    public ValueTask WriteAsync(ProblemDetailsContext context)
    {
        var httpContext = context.HttpContext;
        var problem = context.ProblemDetails;

        problem.Status ??= httpContext.Response.StatusCode;
        problem.Title ??= ReasonPhrases.GetReasonPhrase(problem.Status.Value);
        problem.Extensions.TryAdd("traceId", Activity.Current?.Id ?? httpContext.TraceIdentifier);
        problemDetailsOptions.Value.CustomizeProblemDetails?.Invoke(context);

        // Through the options' contract, so that Native AOT uses the ProblemDetails context AddProblemDetails registers.
        // Not with RequestAborted, as the framework's own writer does not: a problem is often written because that token
        // fired (the request timeout behind Pack-Timeout replaces it and has cancelled it by the time the 504 is written),
        // and writing with it would throw instead, leaving an empty 504 or a 500. A client that is really gone fails the
        // write on its own.
        return new ValueTask(httpContext.Response.WriteAsJsonAsync(
            problem,
            HttpJsonTypeInfos.GetTypeInfo(jsonOptions.Value.SerializerOptions, problem.GetType()),
            ProblemJsonContentType,
            CancellationToken.None));
    }
}
