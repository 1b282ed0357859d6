using System.Net;
using System.Net.Http.Headers;

namespace Pack.Client;

/// <summary>
/// HTTP content that holds a value and writes it as Pack (<c>application/x-pack</c>) when the request is sent.
/// </summary>
/// <remarks>
/// The value is serialized when the request is sent, through a pooled buffer that holds its bytes until they are written
/// to the request stream (no new array per request). The length is not computed before the headers go out, so HTTP/1.1
/// requests use chunked transfer encoding.
/// The content carries <c>Pack-Schema: &lt;wire fingerprint of the type&gt;</c> (docs/schema.md §5.2), computed once per
/// type (not under Native AOT), so the server can refuse a body its contract would misread.
/// </remarks>
public sealed class PackContent : HttpContent
{
    private readonly bool _hasOwnOptions;
    private PackSerializerOptions? _options;

    private PackContent(object? value, Type objectType, PackSerializerOptions? options)
    {
        Value = value;
        ObjectType = objectType;
        _options = options;
        _hasOwnOptions = options is not null;
        Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        // A body declared as object is written as its runtime type, so that type is announced (one rule, BodyType).
        RequestSchemaFingerprints.AddTo(this, RequestSchemaRegistration.BodyType(this)!);
    }

    /// <summary>The type the value is serialized as.</summary>
    public Type ObjectType { get; }

    /// <summary>The value to serialize.</summary>
    public object? Value { get; }

    /// <summary>Creates content that serializes <paramref name="value"/> as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to serialize the value as.</typeparam>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <returns>The content, with <c>Content-Type: application/x-pack</c>.</returns>
    public static PackContent Create<T>(T value, PackSerializerOptions? options = null)
    {
        // The content serializes through the Type-taking overloads; this keeps them free of MakeGenericType (Native AOT).
        PackSerializer.PrepareNonGeneric<T>();
        return new(value, typeof(T), options);
    }

    /// <summary>Creates content that serializes <paramref name="value"/> as <paramref name="inputType"/>.</summary>
    /// <param name="value">The value to serialize.</param>
    /// <param name="inputType">The type to serialize the value as.</param>
    /// <param name="options">The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</param>
    /// <returns>The content, with <c>Content-Type: application/x-pack</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="inputType"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="value"/> is not assignable to <paramref name="inputType"/>.</exception>
    public static PackContent Create(object? value, Type inputType, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(inputType);
        if (value is not null && !inputType.IsInstanceOfType(value))
        {
            throw new ArgumentException($"The value of type '{value.GetType()}' is not assignable to '{inputType}'.", nameof(value));
        }

        return new PackContent(value, inputType, options);
    }

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

    /// <summary>Whether the value has been written once (to a transport, or into the content's own buffer).</summary>
    internal bool HasSerialized { get; private set; }

    /// <summary>
    /// Where <see cref="PackLoggingHandler"/> sees the bytes of the next write, as they are written (in place of a
    /// wrapping content); the capture is completed when the write ends. Set only while that handler sends a content
    /// not written before (<see cref="HasSerialized"/>), since a buffered content is not written again. A write that
    /// starts only after the send has returned (a response that came before the body went out) is not logged.
    /// </summary>
    internal Logging.PackBodyLogCapture? LogCapture { get; set; }

    /// <inheritdoc/>
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        HasSerialized = true;
        return LogCapture is { } capture
            ? SerializeLoggedAsync(stream, capture, cancellationToken)
            : PackSerializer.SerializeAsync(stream, Value, ObjectType, _options, cancellationToken).AsTask();
    }

    private async Task SerializeLoggedAsync(Stream stream, Logging.PackBodyLogCapture capture, CancellationToken cancellationToken)
    {
        await PackSerializer.SerializeAsync(new Logging.PackBodyLogStream(stream, writing: true) { Capture = capture }, Value, ObjectType, _options, cancellationToken).ConfigureAwait(false);
        capture.Complete();
    }

    /// <inheritdoc/>
    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        // Only the synchronous HttpClient.Send path comes here. The codec has no synchronous stream writer, and blocking
        // on SerializeAsync would risk thread-pool starvation, so this path pays for one array instead.
        HasSerialized = true;
        byte[] payload = PackSerializer.Serialize(Value, ObjectType, _options);
        if (LogCapture is { } capture)
        {
            capture.Append(payload);
            capture.Complete();
        }

        stream.Write(payload);
    }

    /// <inheritdoc/>
    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
