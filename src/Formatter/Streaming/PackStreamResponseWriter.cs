using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Pack.Streaming;

namespace Pack.AspNetCore;

/// <summary>
/// Writes an <see cref="IAsyncEnumerable{T}"/> as a Pack stream: one item frame per item, flushed as it is produced,
/// then an end frame, or an error frame when the producer fails once the response has started.
/// </summary>
internal static partial class PackStreamResponseWriter
{
    public const string ErrorTitle = "An error occurred while streaming the response.";

    private static readonly MethodInfo WriteGenericMethod =
        typeof(PackStreamResponseWriter).GetMethod(nameof(WriteItemsAsync), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static readonly ConcurrentDictionary<Type, Func<HttpContext, object, PackSerializerOptions, ILogger, Task>> Writers = new();

    /// <summary>Streams <paramref name="items"/>, an <see cref="IAsyncEnumerable{T}"/> of <paramref name="elementType"/>.</summary>
    public static Task WriteAsync(HttpContext httpContext, object items, Type elementType, PackSerializerOptions serializerOptions, ILogger logger)
    {
        var writer = Writers.TryGetValue(elementType, out var registered) ? registered : CreateWriter(elementType);
        return writer(httpContext, items, serializerOptions, logger);
    }

    /// <summary>Adds the writer of <typeparamref name="T"/> without <c>MakeGenericMethod</c>, so a stream of it works under Native AOT (<see cref="PackResults.Stream{T}"/>).</summary>
    /// <typeparam name="T">The item type.</typeparam>
    public static void Register<T>() => _ = Registration<T>.Done;

    private static Func<HttpContext, object, PackSerializerOptions, ILogger, Task> CreateWriter(Type elementType)
        => System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported
            ? CreateWriterDynamic(elementType)
            : throw new NotSupportedException(
                $"Streaming IAsyncEnumerable<{elementType.Name}> as Pack needs generic code built at run time, which Native AOT cannot do. "
                + "Return PackResults.Stream(items) from the endpoint instead.");

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT; there PackResults.Stream registers the writer.")]
    [UnconditionalSuppressMessage("Trimming", "IL2060:MakeGenericMethod", Justification =
        "WriteItemsAsync<T> has no requirements on T.")]
    private static Func<HttpContext, object, PackSerializerOptions, ILogger, Task> CreateWriterDynamic(Type elementType)
        => Writers.GetOrAdd(elementType, static type =>
            WriteGenericMethod.MakeGenericMethod(type).CreateDelegate<Func<HttpContext, object, PackSerializerOptions, ILogger, Task>>());

    private static class Registration<T>
    {
        public static readonly bool Done = Writers.TryAdd(typeof(T), WriteItemsAsync<T>);
    }

    private static async Task WriteItemsAsync<T>(HttpContext httpContext, object items, PackSerializerOptions serializerOptions, ILogger logger)
    {
        var response = httpContext.Response;
        var body = response.BodyWriter;
        var aborted = httpContext.RequestAborted;
        var metrics = PackServerMetrics.Get(httpContext);
        if (PackBidirectionalGuard.MustRefuse(httpContext))
        {
            response.Clear();
            await PackBidirectionalGuard.ToResult().ExecuteAsync(httpContext).ConfigureAwait(false);
            return;
        }

        // The items' contract, in the headers the first flush sends: a client checks it before it reads the first item.
        PackSchemaHeader.Add(response, typeof(T));

        // The producer gets its own token, canceled whenever it is stopped before its end (the client went away, a
        // flush failed), before it is disposed, so it always hears of it. Without that, a flush that reports a closed
        // response (HTTP/2 completes it as soon as the client resets the stream, before RequestAborted is signalled)
        // would end the loop and dispose the producer first, and a producer that releases resources on cancellation
        // would never be told.
        using var producer = CancellationTokenSource.CreateLinkedTokenSource(aborted);
        var enumerator = ((IAsyncEnumerable<T>)items).GetAsyncEnumerator(producer.Token);
        var ranToEnd = false;
        try
        {
            try
            {
                while (await enumerator.MoveNextAsync().ConfigureAwait(false))
                {
                    PackStreamItemWriter.WriteItem(metrics, httpContext, body, enumerator.Current, serializerOptions);

                    // Flushing per item is what lets a client act on the first item before the last one exists.
                    var flushed = await body.FlushAsync(aborted).ConfigureAwait(false);
                    if (flushed.IsCanceled || flushed.IsCompleted)
                    {
                        Log.ClientDisconnected(logger);
                        return;
                    }
                }

                ranToEnd = true;
            }
            finally
            {
                if (!ranToEnd)
                {
                    await producer.CancelAsync().ConfigureAwait(false);
                }

                await enumerator.DisposeAsync().ConfigureAwait(false);
            }

            PackStream.WriteEnd(body);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            if (await PackDeadlineResponses.TryEndStreamAsync(httpContext).ConfigureAwait(false))
            {
                return;
            }

            Log.ClientDisconnected(logger);
            return;
        }
        catch (Exception exception) when (PackRequestStreamFailure.For(httpContext, exception) is { } failure)
        {
            // The items came from the request's own Pack stream, which was malformed, over the limit or cut off: the
            // client's fault, answered as such (400 or 413) and never as a server error.
            Log.RequestStreamRejected(logger, failure.StatusCode, failure.Detail);
            if (!response.HasStarted)
            {
                response.Clear();
                await failure.ToResult().ExecuteAsync(httpContext).ConfigureAwait(false);
                return;
            }

            metrics?.RecordStreamError(httpContext, "request_stream");
            PackStream.WriteError(body, new PackStreamError
            {
                Status = failure.StatusCode,
                Title = PackRequestStreamFailure.Title,
                Detail = failure.Detail,
                TraceId = httpContext.TraceIdentifier,
            });
        }
        catch (Exception exception) when (response.HasStarted)
        {
            // Headers and items are already on the wire, so the status cannot change any more: say it in-band.
            Log.StreamFailed(logger, exception);
            metrics?.RecordStreamError(httpContext, "exception");
            PackStream.WriteError(body, new PackStreamError
            {
                Status = StatusCodes.Status500InternalServerError,
                Title = ErrorTitle,
                Detail = IsDevelopment(httpContext) ? exception.Message : null,
                TraceId = httpContext.TraceIdentifier,
            });
        }

        try
        {
            await body.FlushAsync(aborted).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            Log.ClientDisconnected(logger);
        }
    }

    private static bool IsDevelopment(HttpContext httpContext) =>
        httpContext.RequestServices.GetService<IHostEnvironment>()?.IsDevelopment() == true;

    private static partial class Log
    {
        [LoggerMessage(EventId = 10, Level = LogLevel.Error, EventName = "PackStreamFailed", Message = "The Pack stream failed after the response started; an error frame was sent.")]
        public static partial void StreamFailed(ILogger logger, Exception exception);

        [LoggerMessage(EventId = 12, Level = LogLevel.Debug, EventName = "PackRequestStreamRejected", Message = "The request's Pack stream was rejected ({StatusCode}): {Detail}")]
        public static partial void RequestStreamRejected(ILogger logger, int statusCode, string detail);

        [LoggerMessage(EventId = 11, Level = LogLevel.Debug, EventName = "PackStreamClientDisconnected", Message = "The client disconnected; the Pack stream was stopped.")]
        public static partial void ClientDisconnected(ILogger logger);
    }
}
