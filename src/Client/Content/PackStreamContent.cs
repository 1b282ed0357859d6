using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Net;
using System.Net.Http.Headers;
using Pack.Streaming;

namespace Pack.Client;

/// <summary>
/// HTTP content that sends an <see cref="IAsyncEnumerable{T}"/> as a Pack stream (<c>application/x-pack-stream</c>):
/// one item frame per item, written as the sequence produces it, then an end frame. This is client streaming: the
/// upload is never buffered whole, HTTP/1.1 sends it chunked and HTTP/2 as a stream of DATA frames.
/// </summary>
/// <remarks>
/// <para>
/// Items are written as soon as they exist: frames are gathered only while the sequence has the next item ready at once
/// (up to about 32 KiB), and pushed to the connection whenever it would have to wait, so a slow producer's items are
/// never held back and a fast one's are not sent one tiny write at a time. The connection's flow control is the
/// backpressure: while the server does not read, the writes wait and the sequence is not asked for more.
/// </para>
/// <para>
/// The sequence is enumerated with a token that is canceled when the request is (the caller's token, or the server
/// ending the exchange early), so a producer that waits for its next item hears of it. If the sequence throws, an error
/// frame is sent in place of the end frame, so the server sees a failed producer rather than a cut-off stream, and the
/// request fails with the sequence's exception (wrapped in an <see cref="HttpRequestException"/> by <see cref="HttpClient"/>).
/// A sequence can be sent once; the content cannot be resent.
/// </para>
/// </remarks>
public sealed class PackStreamContent : HttpContent
{
    /// <summary>The title of the error frame sent when the sequence throws.</summary>
    public const string ProducerFailedTitle = "The client's request stream failed.";

    private const int GatherLimit = 32 * 1024;

    private static readonly MethodInfo CreateFromObjectMethod =
        typeof(PackStreamContent).GetMethod(nameof(CreateFromObject), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static readonly ConcurrentDictionary<Type, Func<object, PackSerializerOptions?, PackStreamContent>?> Factories = new();

    private readonly Func<PackStreamContent, Stream, CancellationToken, Task> _write;
    private readonly bool _hasOwnOptions;
    private PackSerializerOptions? _options;
    private int _sent;

    private PackStreamContent(Type itemType, Func<PackStreamContent, Stream, CancellationToken, Task> write, PackSerializerOptions? options)
    {
        ItemType = itemType;
        _write = write;
        _options = options;
        _hasOwnOptions = options is not null;
        Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.PackStream);
        RequestSchemaFingerprints.AddTo(this, itemType);
    }

    /// <summary>The type each item is serialized as.</summary>
    public Type ItemType { get; }

    /// <summary>Set by <see cref="PackClientMetricsHandler"/> when something listens: the content reports its items and bytes when it ends.</summary>
    internal PackClientMetrics? Metrics { get; set; }

    /// <summary>
    /// Canceled by the caller of a bidirectional call when it stops reading the answers: the upload and its producer stop
    /// then, whether or not the HTTP handler cancels the body's token when the response is disposed mid-stream.
    /// </summary>
    internal CancellationToken Abandoned { get; set; }

    /// <summary>Creates content that sends each item of <paramref name="items"/> as a frame of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="items">The items, enumerated while the request body is sent.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for the client's options or <see cref="PackSerializerOptions.Default"/>.</param>
    /// <returns>The content, with <c>Content-Type: application/x-pack-stream</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="items"/> is <see langword="null"/>.</exception>
    public static PackStreamContent Create<T>(IAsyncEnumerable<T> items, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(items);
        return new(typeof(T), (content, stream, cancellationToken) => content.WriteItemsAsync(items, stream, cancellationToken), options);
    }

    /// <summary>
    /// Content for <paramref name="items"/> when its runtime type is an <see cref="IAsyncEnumerable{T}"/> (a Refit
    /// <c>[Body]</c>, which reaches the serializer as <see cref="object"/>); <see langword="null"/> when it is not one, or when
    /// this process cannot build generic code at run time (Native AOT).
    /// </summary>
    /// <param name="items">The items: any object, used when it implements <see cref="IAsyncEnumerable{T}"/>.</param>
    /// <param name="options">The serializer options; <see langword="null"/> for the defaults.</param>
    /// <returns>The content, or <see langword="null"/>.</returns>
    public static PackStreamContent? TryCreate(object? items, PackSerializerOptions? options)
    {
        if (items is null || !RuntimeFeature.IsDynamicCodeSupported)
        {
            return null;
        }

        var factory = Factories.GetOrAdd(items.GetType(), static type => CreateFactory(type));
        return factory?.Invoke(items, options);
    }

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification = "Only called when RuntimeFeature.IsDynamicCodeSupported.")]
    [UnconditionalSuppressMessage("Trimming", "IL2070:UnrecognizedReflectionPattern", Justification =
        "The trimmer keeps an interface implementation whenever the interface is used; a type whose IAsyncEnumerable<T> was trimmed is not a sequence here.")]
    [UnconditionalSuppressMessage("Trimming", "IL2060:MakeGenericMethod", Justification = "CreateFromObject<T> has no requirements on T.")]
    private static Func<object, PackSerializerOptions?, PackStreamContent>? CreateFactory(Type type)
    {
        foreach (var candidate in type.IsInterface ? [type, .. type.GetInterfaces()] : type.GetInterfaces())
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
            {
                return CreateFromObjectMethod.MakeGenericMethod(candidate.GetGenericArguments()[0])
                    .CreateDelegate<Func<object, PackSerializerOptions?, PackStreamContent>>();
            }
        }

        return null;
    }

    /// <summary>
    /// Content whose frames are written by the caller of a <see cref="PackDuplexCall{TRequest, TResponse}"/>: when the
    /// handler asks for the body, <paramref name="attach"/> gets the request stream and returns the task that ends the
    /// body (on <c>CompleteAsync</c> or disposal).
    /// </summary>
    internal static PackStreamContent CreateDuplex(Type itemType, Func<PackStreamContent, Stream, CancellationToken, Task> attach, PackSerializerOptions? options) =>
        new(itemType, attach, options);

    /// <summary>The options items are written with: the caller's, else the client's (set before the body is sent).</summary>
    internal PackSerializerOptions? SerializerOptions => _options;

    private static PackStreamContent CreateFromObject<T>(object items, PackSerializerOptions? options) => Create((IAsyncEnumerable<T>)items, options);

    /// <summary>Gives content created without options the options of the client that sends it (<see cref="PackNegotiationHandler"/>).</summary>
    internal void UseClientOptions(PackSerializerOptions? options)
    {
        if (!_hasOwnOptions)
        {
            _options = options;
        }
    }

    /// <inheritdoc/>
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc/>
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        if (Interlocked.Exchange(ref _sent, 1) != 0)
        {
            throw new InvalidOperationException("A Pack stream content can be sent once: its items are produced while it is sent.");
        }

        return _write(this, stream, cancellationToken);
    }

    /// <inheritdoc/>
    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }

    private async Task WriteItemsAsync<T>(IAsyncEnumerable<T> items, Stream stream, CancellationToken cancellationToken)
    {
        var options = _options;
        var buffer = new ArrayBufferWriter<byte>(4096);
        long count = 0;
        long bytes = 0;

        // The producer gets its own token, canceled whenever the upload stops early (the request was canceled, a write
        // failed because the server ended the exchange), before it is disposed, so it always hears of it.
        using var producer = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, Abandoned);
        var enumerator = items.GetAsyncEnumerator(producer.Token);
        var ranToEnd = false;
        Task<bool>? pending = null;
        var writing = false;
        try
        {
            while (true)
            {
                bool hasItem;
                try
                {
                    var next = enumerator.MoveNextAsync();
                    if (!next.IsCompleted && buffer.WrittenCount > 0)
                    {
                        // The producer has to wait: send what is gathered now, while it works on the next item.
                        pending = next.AsTask();
                        writing = true;
                        bytes += await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                        writing = false;
                        var waiting = pending;
                        pending = null;
                        hasItem = await waiting.ConfigureAwait(false);
                    }
                    else
                    {
                        hasItem = await next.ConfigureAwait(false);
                    }
                }
                catch (Exception exception) when (!writing && !cancellationToken.IsCancellationRequested && exception is not OperationCanceledException)
                {
                    // The sequence itself failed: send the items gathered so far and say so in-band, then fail the
                    // request with its exception.
                    PackStream.WriteError(buffer, new PackStreamError { Status = 500, Title = ProducerFailedTitle });
                    bytes += await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
                    throw;
                }

                if (!hasItem)
                {
                    break;
                }

                PackStream.WriteItem(buffer, enumerator.Current, options);
                count++;
                if (buffer.WrittenCount >= GatherLimit)
                {
                    bytes += await SendAsync(stream, buffer, cancellationToken, flush: false).ConfigureAwait(false);
                }
            }

            ranToEnd = true;
            PackStream.WriteEnd(buffer);
            bytes += await SendAsync(stream, buffer, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            if (!ranToEnd)
            {
                await producer.CancelAsync().ConfigureAwait(false);
                if (pending is not null)
                {
                    // A write failed while the producer was busy: let it see the cancellation and stop before disposing it.
                    await ((Task)pending).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
                }
            }

            await enumerator.DisposeAsync().ConfigureAwait(false);
            Metrics?.RecordRequestStream(bytes, count);
        }
    }

    private static async ValueTask<int> SendAsync(Stream stream, ArrayBufferWriter<byte> buffer, CancellationToken cancellationToken, bool flush = true)
    {
        int written = buffer.WrittenCount;
        await stream.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        buffer.ResetWrittenCount();
        if (flush)
        {
            await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        return written;
    }
}
