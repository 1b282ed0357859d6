using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Pack.AspNetCore;

/// <summary>A 200 OK whose body is negotiated between Pack and JSON. Create it with <see cref="PackResults.Ok{TValue}(TValue)"/>.</summary>
/// <typeparam name="TValue">The type of the body.</typeparam>
public sealed class PackOk<TValue> : IResult, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<TValue>, IEndpointMetadataProvider
{
    internal PackOk(TValue? value) => Value = value;

    /// <summary>The body.</summary>
    public TValue? Value { get; }

    /// <summary>The status code, 200.</summary>
    public int StatusCode => StatusCodes.Status200OK;

    object? IValueHttpResult.Value => Value;

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    /// <inheritdoc/>
    public Task ExecuteAsync(HttpContext httpContext) => PackResultWriter.WriteAsync(httpContext, StatusCode, Value);

    /// <inheritdoc/>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(PackResultWriter.ProducesMetadata(StatusCodes.Status200OK, typeof(TValue)));
        PackEndpointOptions.AddTo(builder);
    }
}
