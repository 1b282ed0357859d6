using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>Why a <see cref="PackBody{T}"/> was rejected, and the problem response that says so.</summary>
internal sealed class PackBodyFailure(int statusCode, string detail)
{
    /// <summary>A body that was not read because of its <c>Pack-Schema</c> header (docs/schema.md §5.2).</summary>
    public PackBodyFailure(PackRequestSchemaRejection rejection)
        : this(rejection.StatusCode, rejection.Detail)
    {
        SchemaRejection = rejection;
    }

    public int StatusCode { get; } = statusCode;

    public string Detail { get; } = detail;

    public PackRequestSchemaRejection? SchemaRejection { get; }

    public IResult ToResult(string parameterName) => SchemaRejection is { } rejection
        ? rejection.ToResult()
        : StatusCode == StatusCodes.Status400BadRequest
            ? TypedResults.ValidationProblem(new Dictionary<string, string[]> { [parameterName] = [Detail] }, Detail)
            : TypedResults.Problem(Detail, statusCode: StatusCode);
}
