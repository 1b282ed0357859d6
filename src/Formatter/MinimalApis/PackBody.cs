using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Pack.AspNetCore;

/// <summary>
/// A minimal-API handler parameter bound from an <c>application/x-pack</c> request body:
/// <c>app.MapPost("/orders", (PackBody&lt;Order&gt; order) =&gt; ...)</c>.
/// A malformed body is answered with 400 ValidationProblemDetails, a body over the limit with 413, a body of another
/// content type with 415, and an empty body with 400, or <see langword="null"/> when the parameter is declared nullable (<c>PackBody&lt;Order&gt;?</c>);
/// a body whose <c>Pack-Schema</c> header names an incompatible or unknown schema with 409 or 412 (docs/schema.md §5.2);
/// the handler runs only for a good body. The endpoint is described to OpenAPI as accepting <c>application/x-pack</c>.
/// </summary>
/// <typeparam name="T">The type the body decodes to.</typeparam>
public sealed partial class PackBody<T> : IBindableFromHttpContext<PackBody<T>>, IEndpointParameterMetadataProvider
{
    private static readonly MediaType PackMediaType = new(PackMediaTypes.Pack);

    private readonly T _value;

    private PackBody(T value, PackBodyFailure? failure)
    {
        _value = value;
        Failure = failure;
    }

    /// <summary>The decoded body.</summary>
    /// <exception cref="InvalidOperationException">The body was rejected; the endpoint filter this type adds normally answers before the handler runs.</exception>
    public T Value => Failure is null
        ? _value
        : throw new InvalidOperationException($"The Pack request body was rejected ({Failure.StatusCode}): {Failure.Detail}");

    internal PackBodyFailure? Failure { get; }

    /// <inheritdoc/>
    public static async ValueTask<PackBody<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(parameter);

        var request = context.Request;
        if (request.ContentLength == 0 || context.Features.Get<IHttpRequestBodyDetectionFeature>()?.CanHaveBody == false)
        {
            return Empty(parameter);
        }

        if (request.ContentType is null || !new MediaType(request.ContentType).IsSubsetOf(PackMediaType))
        {
            return Rejected(StatusCodes.Status415UnsupportedMediaType, $"Expected a request body of type {PackMediaTypes.Pack}.");
        }

        var options = PackEndpointOptions.Get(context);
        if (await PackRequestSchemaCheck.CheckAsync(request, typeof(T), options).ConfigureAwait(false) is { } rejection)
        {
            Log.RejectedBody(GetLogger(context), typeof(T), rejection.Detail, exception: null);
            return new PackBody<T>(default!, new PackBodyFailure(rejection));
        }

        PackSerializer.PrepareNonGeneric<T>(); // The body is decoded by Type; this keeps that free of MakeGenericType (Native AOT).
        var result = await PackRequestBody.ReadAsync(request, typeof(T), options, context.RequestAborted).ConfigureAwait(false);
        if (result.IsEmpty)
        {
            return Empty(parameter);
        }

        if (result.Error is { } error)
        {
            Log.RejectedBody(GetLogger(context), typeof(T), error, result.Exception);
            return Rejected(result.IsTooLarge ? StatusCodes.Status413PayloadTooLarge : StatusCodes.Status400BadRequest, error);
        }

        return result.Value is T value
            ? new PackBody<T>(value, failure: null)
            : Rejected(StatusCodes.Status400BadRequest, $"The Pack request body encodes null; a {typeof(T).Name} is required.");
    }

    /// <inheritdoc/>
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(parameter);
        ArgumentNullException.ThrowIfNull(builder);

        builder.Metadata.Add(new AcceptsMetadata([PackMediaTypes.Pack], typeof(T), IsNullable(parameter)));
        PackEndpointOptions.AddTo(builder);

        // Binding cannot write a response, so a rejected body is answered here, before the handler runs.
        var position = parameter.Position;
        var name = parameter.Name ?? "body";
        builder.FilterFactories.Add((_, next) => invocation =>
            invocation.Arguments[position] is PackBody<T> { Failure: { } failure }
                ? ValueTask.FromResult<object?>(failure.ToResult(name))
                : next(invocation));
    }

    private static PackBody<T>? Empty(ParameterInfo parameter) =>
        IsNullable(parameter) ? null : Rejected(StatusCodes.Status400BadRequest, PackBodyErrors.EmptyBody);

    private static PackBody<T> Rejected(int statusCode, string detail) => new(default!, new PackBodyFailure(statusCode, detail));

    private static bool IsNullable(ParameterInfo parameter) =>
        new NullabilityInfoContext().Create(parameter).WriteState == NullabilityState.Nullable;

    private static ILogger GetLogger(HttpContext context) =>
        context.RequestServices.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(PackBody<>).FullName!);

    private static partial class Log
    {
        [LoggerMessage(EventId = 2, Level = LogLevel.Debug, EventName = "PackRequestBodyRejected", Message = "The Pack request body could not be read as {ModelType}: {Reason}")]
        public static partial void RejectedBody(ILogger logger, Type modelType, string reason, Exception? exception);
    }
}
