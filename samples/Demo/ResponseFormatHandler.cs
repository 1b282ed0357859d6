namespace Pack.Samples.Demo;

/// <summary>
/// Chooses the response format for the demo and records how many bytes each response body had.
/// Pack.Client always asks for Pack first; to show the JSON side the handler replaces that <c>Accept</c>.
/// </summary>
public sealed class ResponseFormatHandler(string? accept) : DelegatingHandler
{
    /// <summary>The size of the last response body, after the handler buffered it.</summary>
    public long LastResponseBytes { get; private set; }

    /// <summary>The media type of the last response, to prove which format the server actually sent.</summary>
    public string? LastMediaType { get; private set; }

    /// <summary>When false, streamed responses are passed through as they arrive (the streaming demo).</summary>
    public bool BufferResponses { get; set; } = true;

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (accept is not null)
        {
            request.Headers.Remove("Accept");
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        HttpResponseMessage response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        LastMediaType = response.Content.Headers.ContentType?.MediaType;
        if (BufferResponses)
        {
            await response.Content.LoadIntoBufferAsync(cancellationToken).ConfigureAwait(false);
            LastResponseBytes = response.Content.Headers.ContentLength ?? -1;
        }

        return response;
    }
}
