using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Pack.AspNetCore;

/// <summary>A 201 Created whose body is negotiated between Pack and JSON. Create it with <see cref="PackResults.Created{TValue}(string, TValue)"/>.</summary>
/// <typeparam name="TValue">The type of the body.</typeparam>
public sealed class PackCreated<TValue> : IResult, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<TValue>, IEndpointMetadataProvider
{
    internal PackCreated(string? location, TValue? value)
    {
        Location = location;
        Value = value;
    }

    /// <summary>The location of the created resource, sent as the <c>Location</c> header when not <see langword="null"/>.</summary>
    public string? Location { get; }

    /// <summary>The body.</summary>
    public TValue? Value { get; }

    /// <summary>The status code, 201.</summary>
    public int StatusCode => StatusCodes.Status201Created;

    object? IValueHttpResult.Value => Value;

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    /// <inheritdoc/>
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);

        if (Location is not null)
        {
            httpContext.Response.Headers.Location = Location;
        }

        return PackResultWriter.WriteAsync(httpContext, StatusCode, Value);
    }

    /// <inheritdoc/>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(PackResultWriter.ProducesMetadata(StatusCodes.Status201Created, typeof(TValue)));
        PackEndpointOptions.AddTo(builder);
    }
}
