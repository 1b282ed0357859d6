using System.Buffers;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>Reads a whole Pack request body from <see cref="HttpRequest.BodyReader"/> and decodes it in place.</summary>
internal static class PackRequestBody
{
    private const string CompressionNamespace = "System.IO.Compression";

    /// <summary>
    /// Buffers the body in the request pipe and deserializes it from there, so a single-segment body is decoded
    /// without a copy. Malformed bytes and a body over either limit come back as a rejected result, not an exception:
    /// an exception here would reach the exception handler and become a 500.
    /// </summary>
    public static async ValueTask<PackBodyReadResult> ReadAsync(HttpRequest request, Type type, PackFormatterOptions options, CancellationToken cancellationToken)
    {
        var limit = options.MaxRequestBodySize;
        if (limit is long declaredLimit && request.ContentLength > declaredLimit)
        {
            return TooLarge(declaredLimit);
        }

        var reader = request.BodyReader;

        // The token cancels a pending read through CancelPendingRead, never by being passed to ReadAsync. Kestrel's
        // request body reader stays "reading" when a read is cancelled by its token (no result to AdvanceTo), so once the
        // deadline behind Pack-Timeout fired mid-body, Kestrel's drain of the rest of the body failed with "Reading is
        // already in progress", logged at Error, and the connection was lost. A cancelled read returns a result that is
        // advanced past like any other before the cancellation is thrown, so the reader ends in a clean state.
        using var cancellation = cancellationToken.CanBeCanceled
            ? cancellationToken.UnsafeRegister(static state => CancelPendingRead((PipeReader)state!), reader)
            : default;
        while (true)
        {
            ReadResult read;
            try
            {
                read = await reader.ReadAsync(CancellationToken.None).ConfigureAwait(false);
            }
            catch (BadHttpRequestException exception) when (exception.StatusCode == StatusCodes.Status413PayloadTooLarge)
            {
                // The server's own limit (Kestrel's MaxRequestBodySize, [RequestSizeLimit], a decompression size limit).
                return PackBodyReadResult.TooLarge(exception.Message, exception);
            }
            catch (BadHttpRequestException exception)
            {
                // The server rejected the framing of the body (bad chunked encoding, a body shorter than Content-Length,
                // a minimum data rate). The client's fault; Kestrel closes the connection after the response.
                return PackBodyReadResult.Unreadable($"The request body could not be read: {exception.Message}", exception);
            }
            catch (Exception exception) when (IsUndecodableContent(exception))
            {
                // A Content-Encoding decoder (request decompression) met data it cannot decode: garbage, a wrong
                // format, a corrupt block. The bytes came from the client, so this is a 400, not a server fault.
                return PackBodyReadResult.Unreadable($"The request body could not be decoded ({ContentEncoding(request)}): {exception.Message}", exception);
            }
            catch (IOException exception)
            {
                // The client reset the connection or ended the body early. Reported like a bad body, not thrown: an
                // IOException that reaches the exception handler before RequestAborted fires is logged as an unhandled
                // error. The connection is aborted too, or Kestrel would try to drain the broken body for keep-alive
                // and log that as an error.
                request.HttpContext.Abort();
                return PackBodyReadResult.Unreadable($"The request body could not be read: {exception.Message}", exception);
            }

            var buffer = read.Buffer;
            if (limit is long maxLength && buffer.Length > maxLength)
            {
                reader.AdvanceTo(buffer.Start, buffer.End);
                return TooLarge(maxLength);
            }

            if (read.IsCanceled)
            {
                reader.AdvanceTo(buffer.Start, buffer.End);
                throw new OperationCanceledException("Reading the Pack request body was canceled.", cancellationToken);
            }

            if (read.IsCompleted)
            {
                try
                {
                    var started = PackServerMetrics.StartDeserialize(request.HttpContext);
                    var result = buffer.IsEmpty ? PackBodyReadResult.Empty : Decode(buffer, type, options.SerializerOptions);
                    PackServerMetrics.EndDeserialize(request.HttpContext, started, in result);
                    return result;
                }
                finally
                {
                    reader.AdvanceTo(buffer.End);
                }
            }

            // Keep everything buffered and ask for more: the codec needs the whole payload.
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    private static PackBodyReadResult Decode(in ReadOnlySequence<byte> buffer, Type type, PackSerializerOptions serializerOptions)
    {
        try
        {
            return PackBodyReadResult.Success(PackSerializer.Deserialize(in buffer, type, serializerOptions));
        }
        catch (PackException exception)
        {
            return PackBodyReadResult.Malformed($"The request body is not a valid Pack encoding of {type.Name}: {exception.Message}", exception);
        }
    }

    /// <summary>
    /// Whether an exception thrown while reading the body was caused by the bytes the client sent rather than by the
    /// server: a Content-Encoding decoder rejecting them. <see cref="InvalidDataException"/> is always about data.
    /// <see cref="InvalidOperationException"/>, <see cref="NotSupportedException"/> and <see cref="IOException"/> count
    /// only when a decoder of System.IO.Compression threw them: Brotli reports invalid data with the first two, zlib
    /// (deflate and gzip) with <c>ZLibException</c>, an <see cref="IOException"/>. The same types from anywhere else (a
    /// misused pipe, a reset connection) are not about the data: a bug stays a 500, a reset stays a reset.
    /// </summary>
    /// <param name="exception">The exception caught while reading the body.</param>
    /// <returns><see langword="true"/> when the client's bytes could not be decoded.</returns>
    internal static bool IsUndecodableContent(Exception exception) => exception switch
    {
        InvalidDataException => true,
        IOException when IsCompressionNamespace(exception.GetType().Namespace) => true, // ZLibException
        InvalidOperationException or NotSupportedException or IOException => IsCompressionNamespace(ThrowerNamespace(exception)),
        _ => false,
    };

    /// <summary>
    /// Whether a namespace is System.IO.Compression's. Its decoders live in two assemblies (zlib-based deflate and gzip in
    /// System.IO.Compression, Brotli in System.IO.Compression.Brotli) that share the namespace, so the test is on the
    /// namespace of the exception type or of the method that threw, never on one assembly.
    /// </summary>
    private static bool IsCompressionNamespace(string? ns) =>
        ns is not null && (ns == CompressionNamespace || ns.StartsWith(CompressionNamespace + ".", StringComparison.Ordinal));

    /// <summary>
    /// The namespace of the type whose method threw <paramref name="exception"/>. On the JIT that is
    /// <see cref="Exception.TargetSite"/>. Under Native AOT and trimming the thrower's reflection metadata is usually
    /// gone (TargetSite is <see langword="null"/>: Brotli's garbage error would then count as the server's, a 500), so
    /// the top frame of the exception's stack trace is asked through <see cref="DiagnosticMethodInfo"/>, which needs
    /// only the stack trace data that Native AOT keeps by default.
    /// </summary>
    private static string? ThrowerNamespace(Exception exception) =>
        ReflectionThrowerNamespace(exception) ?? StackTraceThrowerNamespace(exception);

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Where trimming removed the thrower's metadata TargetSite is null, and StackTraceThrowerNamespace answers instead.")]
    private static string? ReflectionThrowerNamespace(Exception exception) => exception.TargetSite?.DeclaringType?.Namespace;

    /// <summary>The thrower's namespace from the stack trace data alone (no reflection metadata); <see langword="null"/> when the app disabled stack traces.</summary>
    /// <param name="exception">A thrown exception.</param>
    /// <returns>The namespace, or <see langword="null"/>.</returns>
    internal static string? StackTraceThrowerNamespace(Exception exception)
    {
        var frame = new StackTrace(exception, fNeedFileInfo: false).GetFrame(0);
        if (frame is null || DiagnosticMethodInfo.Create(frame)?.DeclaringTypeName is not { } typeName)
        {
            return null;
        }

        // A full type name: generic arguments and nested types come after the last namespace dot.
        int end = typeName.AsSpan().IndexOfAny('[', '`', '+');
        var outer = end < 0 ? typeName.AsSpan() : typeName.AsSpan(0, end);
        int dot = outer.LastIndexOf('.');
        return dot < 0 ? string.Empty : outer[..dot].ToString();
    }

    private static string ContentEncoding(HttpRequest request) =>
        request.Headers.ContentEncoding is { Count: > 0 } encoding ? $"Content-Encoding: {encoding}" : "no Content-Encoding";

    private static PackBodyReadResult TooLarge(long limit) => PackBodyReadResult.TooLarge(
        string.Create(CultureInfo.InvariantCulture, $"The Pack request body is larger than the limit of {limit} bytes."),
        exception: null);

    /// <summary>
    /// Cancels the pending read when the request's token fires. The token fires when the client is gone too (a
    /// disconnect aborts the connection and cancels <c>RequestAborted</c>), and Kestrel's reader then throws
    /// <see cref="Microsoft.AspNetCore.Connections.ConnectionAbortedException"/> from <c>CancelPendingRead</c>: thrown
    /// inside the token's callback it would surface as an unhandled exception of the request, logged at Error, for a
    /// client that merely went away. The read itself fails on its own with the aborted connection.
    /// </summary>
    private static void CancelPendingRead(PipeReader reader)
    {
        try
        {
            reader.CancelPendingRead();
        }
        catch (Exception exception) when (exception is Microsoft.AspNetCore.Connections.ConnectionAbortedException or ObjectDisposedException or InvalidOperationException)
        {
            // The connection is gone or the body is complete: there is no read to cancel.
        }
    }
}
