using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>Why a <see cref="PackBody{T}"/> was rejected, and the problem response that says so.</summary>
internal sealed class PackBodyFailure(int statusCode, string detail)
{
    public int StatusCode { get; } = statusCode;

    public string Detail { get; } = detail;

    public IResult ToResult(string parameterName) => StatusCode == StatusCodes.Status400BadRequest
        ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { [parameterName] = [Detail] }, Detail)
        : TypedResults.Problem(Detail, statusCode: StatusCode);
}
