using Pack.Client;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds Pack deadlines to clients built by <see cref="System.Net.Http.IHttpClientFactory"/>.</summary>
public static class PackDeadlineHttpClientBuilderExtensions
{
    /// <summary>Adds a <see cref="PackDeadlineHandler"/>: calls carry <c>Pack-Timeout</c> and fail with <see cref="PackDeadlineExceededException"/> when it expires.</summary>
    /// <param name="builder">The client builder.</param>
    /// <param name="defaultDeadline">The per-client deadline of calls that set none, or <see langword="null"/> for per-call deadlines only.</param>
    /// <returns>The same builder.</returns>
    public static IHttpClientBuilder AddPackDeadline(this IHttpClientBuilder builder, TimeSpan? defaultDeadline = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        return builder.AddHttpMessageHandler(() => new PackDeadlineHandler(defaultDeadline));
    }
}
