using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>Reads a whole Pack request body from <see cref="HttpRequest.BodyReader"/> and decodes it in place.</summary>
internal static class PackRequestBody
{
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
        while (true)
        {
            ReadResult read;
            try
            {
                read = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
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
                throw new OperationCanceledException("Reading the Pack request body was canceled.");
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
    /// server. <see cref="InvalidDataException"/> is always about data. <see cref="InvalidOperationException"/> and
    /// <see cref="NotSupportedException"/> count only when a decoder in System.IO.Compression threw them (Brotli reports
    /// invalid data so): the same types from anywhere else (a misused pipe, say) are bugs and must stay 500s. An
    /// <see cref="IOException"/> from a decoder is about the data too, so it is answered rather than treated as a reset.
    /// </summary>
    /// <summary>Whether <paramref name="exception"/> is a Content-Encoding decoder rejecting the bytes the client sent.</summary>
    internal static bool IsUndecodableContent(Exception exception) => exception switch
    {
        InvalidDataException => true,
        InvalidOperationException or NotSupportedException or IOException => IsThrownByCompression(exception),
        _ => false,
    };

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Where trimming removed the thrower's metadata, TargetSite is null and the error counts as the server's (500) rather than the client's: a coarser status, never a wrong decode.")]
    private static bool IsThrownByCompression(Exception exception) =>
        exception.TargetSite?.Module.Assembly == typeof(System.IO.Compression.BrotliStream).Assembly;

    private static string ContentEncoding(HttpRequest request) =>
        request.Headers.ContentEncoding is { Count: > 0 } encoding ? $"Content-Encoding: {encoding}" : "no Content-Encoding";

    private static PackBodyReadResult TooLarge(long limit) => PackBodyReadResult.TooLarge(
        string.Create(CultureInfo.InvariantCulture, $"The Pack request body is larger than the limit of {limit} bytes."),
        exception: null);
}
