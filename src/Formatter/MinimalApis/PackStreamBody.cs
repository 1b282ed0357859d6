using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace Pack.AspNetCore;

/// <summary>
/// A minimal-API handler parameter bound to an <c>application/x-pack-stream</c> request body (client streaming):
/// <c>app.MapPost("/readings", async (PackStreamBody&lt;Reading&gt; readings) =&gt; { await foreach (var r in readings) ... })</c>.
/// Nothing is read when the handler starts: each item is yielded as soon as its frame has arrived, the whole stream
/// shares one allocation budget and one size limit (<see cref="PackFormatterOptions.MaxRequestBodySize"/> and the
/// server's), and a malformed, truncated or oversized stream throws <see cref="PackException"/> from the enumeration,
/// which is answered 400 or 413 problem+json (an error frame if a streamed response has already started). A body of another content
/// type is answered 415, and one whose <c>Pack-Schema</c> header names an incompatible or unknown item schema 409 or 412
/// (docs/schema.md §5.2), before the handler runs. The stream can be enumerated once.
/// </summary>
/// <typeparam name="T">The item type.</typeparam>
public sealed class PackStreamBody<T> : IAsyncEnumerable<T?>, IBindableFromHttpContext<PackStreamBody<T>>, IEndpointParameterMetadataProvider
{
    private static readonly MediaType PackStreamMediaType = new(PackMediaTypes.PackStream);

    private readonly IAsyncEnumerable<T?>? _items;

    private PackStreamBody(IAsyncEnumerable<T?>? items, PackBodyFailure? failure)
    {
        _items = items;
        Failure = failure;
    }

    internal PackBodyFailure? Failure { get; }

    /// <summary>Reads the items as their frames arrive.</summary>
    /// <param name="cancellationToken">Stops the enumeration; the request's own abort token always applies too.</param>
    /// <returns>The enumerator.</returns>
    /// <exception cref="InvalidOperationException">The stream was already enumerated, or the body was rejected.</exception>
    public IAsyncEnumerator<T?> GetAsyncEnumerator(CancellationToken cancellationToken = default) => _items is { } items
        ? items.GetAsyncEnumerator(cancellationToken)
        : throw new InvalidOperationException($"The Pack request stream was rejected ({Failure!.StatusCode}): {Failure.Detail}");

    /// <inheritdoc/>
    public static ValueTask<PackStreamBody<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(parameter);

        var request = context.Request;
        if (request.ContentType is null || !new MediaType(request.ContentType).IsSubsetOf(PackStreamMediaType))
        {
            return ValueTask.FromResult<PackStreamBody<T>?>(new(null, new PackBodyFailure(
                StatusCodes.Status415UnsupportedMediaType, $"Expected a request body of type {PackMediaTypes.PackStream}.")));
        }

        var options = PackEndpointOptions.Get(context);
        var check = PackRequestSchemaCheck.CheckAsync(request, typeof(T), options);
        return check.IsCompletedSuccessfully ? ValueTask.FromResult(Bound(context, options, check.Result)) : BindAfterCheckAsync(context, options, check);
    }

    private static async ValueTask<PackStreamBody<T>?> BindAfterCheckAsync(HttpContext context, PackFormatterOptions options, ValueTask<PackRequestSchemaRejection?> check) =>
        Bound(context, options, await check.ConfigureAwait(false));

    private static PackStreamBody<T>? Bound(HttpContext context, PackFormatterOptions options, PackRequestSchemaRejection? rejection) =>
        rejection is not null ? new(null, new PackBodyFailure(rejection)) : new(new PackRequestStreamReader<T>(context, options), failure: null);

    /// <inheritdoc/>
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(parameter);
        ArgumentNullException.ThrowIfNull(builder);

        builder.Metadata.Add(new AcceptsMetadata([PackMediaTypes.PackStream], typeof(IAsyncEnumerable<T>), isOptional: false));
        PackEndpointOptions.AddTo(builder);

        var position = parameter.Position;
        var name = parameter.Name ?? "body";
        builder.FilterFactories.Add((_, next) => async invocation =>
        {
            if (invocation.Arguments[position] is PackStreamBody<T> { Failure: { } failure })
            {
                return failure.ToResult(name);
            }

            try
            {
                return await next(invocation).ConfigureAwait(false);
            }
            catch (Exception exception) when (!invocation.HttpContext.Response.HasStarted
                && PackRequestStreamFailure.For(invocation.HttpContext, exception) is { } streamFailure)
            {
                // The handler let a bad frame of its request stream escape: the client's fault, answered as such.
                return streamFailure.ToResult();
            }
        });
    }
}
