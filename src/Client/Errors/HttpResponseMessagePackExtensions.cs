namespace Pack.Client;

/// <summary>Checks HTTP responses, turning a failure into a <see cref="PackApiException"/> that carries the error body.</summary>
public static class HttpResponseMessagePackExtensions
{
    /// <summary>
    /// Throws a <see cref="PackApiException"/> when the response status is outside 200–299. Unlike
    /// <see cref="HttpResponseMessage.EnsureSuccessStatusCode"/>, it reads the error body first, so the exception carries
    /// the problem details (validation errors included) or the text the server sent.
    /// </summary>
    /// <param name="response">The response to check.</param>
    /// <param name="cancellationToken">Cancels reading the error body.</param>
    /// <returns>A task that completes when the response is known to be a success.</returns>
    /// <exception cref="PackApiException">The response status is not a success.</exception>
    public static Task EnsureSuccessStatusCodeAsync(this HttpResponseMessage response, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(response);
        return response.IsSuccessStatusCode ? Task.CompletedTask : ThrowAsync(response, cancellationToken);

        static async Task ThrowAsync(HttpResponseMessage response, CancellationToken cancellationToken) =>
            throw await ErrorResponseReader.ReadAsync(response, cancellationToken).ConfigureAwait(false);
    }
}
