using System.Buffers;
using System.Text;

namespace Pack.Client;

/// <summary>Turns a failed response into a <see cref="PackApiException"/>, whatever its body.</summary>
internal static class ErrorResponseReader
{
    /// <summary>The most bytes of an error body that are kept (<see cref="ProblemDetailsReader.MaxContentLength"/>).</summary>
    internal const int MaxContentLength = ProblemDetailsReader.MaxContentLength;

    internal static async Task<PackApiException> ReadAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        byte[]? body = null;
        try
        {
            body = await ReadBoundedAsync(response.Content, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException)
        {
            // The status is the news; a body that breaks off halfway must not hide it.
        }

        string? text = null;
        PackProblemDetails? problem = null;
        if (body is { Length: > 0 })
        {
            text = Decode(response.Content, body);
            if (PackAccept.Classify(response.Content) == PackMediaKind.Json)
            {
                problem = ProblemDetailsReader.TryRead(body);
            }
        }

        return new PackApiException(
            response.StatusCode,
            response.ReasonPhrase,
            response.RequestMessage?.Method,
            response.RequestMessage?.RequestUri,
            text,
            problem);
    }

    private static async Task<byte[]> ReadBoundedAsync(HttpContent content, CancellationToken cancellationToken)
    {
        Stream stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(16 * 1024);
            try
            {
                using var body = new MemoryStream();
                int read;
                while (body.Length < MaxContentLength
                    && (read = await stream.ReadAsync(buffer.AsMemory(0, (int)Math.Min(buffer.Length, MaxContentLength - body.Length)), cancellationToken).ConfigureAwait(false)) > 0)
                {
                    body.Write(buffer, 0, read);
                }

                return body.ToArray();
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
    }

    private static string Decode(HttpContent content, byte[] body)
    {
        Encoding encoding = Encoding.UTF8;
        if (content.Headers.ContentType?.CharSet is { Length: > 0 } charset)
        {
            try
            {
                encoding = Encoding.GetEncoding(charset.Trim('"'));
            }
            catch (ArgumentException)
            {
                // An unknown charset: UTF-8 is the best guess for a modern server.
            }
        }

        return encoding.GetString(body);
    }
}
