using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// The client's answer to a server that does not know a request body's schema (docs/schema.md §5.2): on a 412 of type
/// <see cref="PackRequestSchemaProtocol.UnknownProblemType"/>, POST the body type's schema to the endpoint the problem
/// names, once per request, and resend a body that can be sent again. The body type is that of a
/// <see cref="PackContent"/> or <see cref="PackStreamContent"/>, or one the caller names through
/// <see cref="PackRequestSchema.SendAsync"/> (Pack.Refit names the type its serializer was called with, for
/// the copy Refit made of the serializer's content).
/// </summary>
internal static class RequestSchemaRegistration
{
    private static readonly HttpRequestOptionsKey<bool> RegisteredKey = new("Pack.Client.RequestSchemaRegistered");

    /// <summary>Whether <paramref name="request"/>'s body announces its schema, so a 412 may be answered by registering it.</summary>
    public static bool Announces(HttpRequestMessage request) =>
        request.Content is PackContent or PackStreamContent && request.Content.Headers.Contains(PackSchema.HeaderName);

    /// <summary>
    /// The type whose schema a <see cref="PackContent"/> (its value's type) or <see cref="PackStreamContent"/> (its item
    /// type) announces; <see langword="null"/> for any other content.
    /// </summary>
    public static Type? BodyType(HttpContent? content) => content switch
    {
        PackContent value => value.ObjectType == typeof(object) && value.Value is not null ? value.Value.GetType() : value.ObjectType,
        PackStreamContent stream => stream.ItemType,
        _ => null,
    };

    /// <summary>Removes the header from a body whose client turned the check off (<see cref="PackClientOptions.SendRequestSchema"/>).</summary>
    public static void Apply(HttpRequestMessage request, PackClientOptions options)
    {
        if (!options.SendRequestSchema && request.Content is PackContent or PackStreamContent)
        {
            request.Content.Headers.Remove(PackSchema.HeaderName);
        }
    }

    /// <summary>
    /// When <paramref name="response"/> is the server's 412 for the unknown schema of <paramref name="request"/>'s
    /// <see cref="PackContent"/> or <see cref="PackStreamContent"/> and the request was not registered for yet, registers
    /// the schema through <paramref name="send"/>; <see langword="true"/> when the server accepted it. The 412's body stays readable.
    /// </summary>
    public static Task<bool> TryRegisterAsync(
        HttpRequestMessage request,
        HttpResponseMessage response,
        Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send,
        CancellationToken cancellationToken) =>
        Announces(request)
            ? TryRegisterAsync(request, response, BodyType(request.Content)!, send, cancellationToken)
            : Task.FromResult(false);

    /// <summary>
    /// When <paramref name="response"/> is the server's 412 for <paramref name="request"/>'s unknown body schema (the body
    /// carries <c>Pack-Schema</c>, the fingerprint of <paramref name="bodyType"/>) and the request was not registered for
    /// yet, registers the schema of <paramref name="bodyType"/> through <paramref name="send"/>; <see langword="true"/>
    /// when the server accepted it. The 412's body stays readable.
    /// </summary>
    public static async Task<bool> TryRegisterAsync(
        HttpRequestMessage request,
        HttpResponseMessage response,
        Type bodyType,
        Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send,
        CancellationToken cancellationToken)
    {
        if (response.StatusCode != HttpStatusCode.PreconditionFailed || request.Content?.Headers.Contains(PackSchema.HeaderName) != true
            || request.Options.TryGetValue(RegisteredKey, out _) || request.RequestUri is not { IsAbsoluteUri: true } requestUri)
        {
            return false;
        }

        request.Options.Set(RegisteredKey, true);
        if (await ReadEndpointAsync(response, cancellationToken).ConfigureAwait(false) is not { } endpoint
            || !Uri.TryCreate(requestUri, endpoint, out var registrationUri) || !IsSameOrigin(requestUri, registrationUri))
        {
            // A registration goes only where the request went: the handlers it is sent through (credentials among them)
            // are the request's, so an endpoint on another origin is not followed and the 412 is returned as is.
            return false;
        }

        using var registration = new HttpRequestMessage(HttpMethod.Post, registrationUri)
        {
            Version = request.Version,
            VersionPolicy = request.VersionPolicy,
            Content = new StringContent(RequestSchemaFingerprints.RegistrationDocument(bodyType), Encoding.UTF8, "application/json"),
        };
        registration.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        using var answer = await send(registration, cancellationToken).ConfigureAwait(false);
        return answer.IsSuccessStatusCode;
    }

    /// <summary>
    /// Awaits a response of a handler's pipeline; on the server's 412 for the unknown schema of a
    /// <see cref="PackContent"/> or <see cref="PackStreamContent"/> registers it and, for a <see cref="PackContent"/>,
    /// sends the same request once more through <paramref name="send"/>.
    /// </summary>
    public static Task<HttpResponseMessage> SendAsync(
        HttpRequestMessage request,
        Task<HttpResponseMessage> sending,
        Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send,
        CancellationToken cancellationToken) =>
        SendAsync(request, sending, BodyType(request.Content)!, request.Content is PackContent, send, cancellationToken);

    /// <summary>
    /// Awaits a response of a handler's pipeline; on the server's 412 for the unknown schema of <paramref name="bodyType"/>
    /// registers it and, when <paramref name="canResend"/> (a value body, not a stream), sends the same request once
    /// more through <paramref name="send"/>.
    /// </summary>
    public static async Task<HttpResponseMessage> SendAsync(
        HttpRequestMessage request,
        Task<HttpResponseMessage> sending,
        Type bodyType,
        bool canResend,
        Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send,
        CancellationToken cancellationToken)
    {
        var response = await sending.ConfigureAwait(false);
        if (response.StatusCode != HttpStatusCode.PreconditionFailed
            || !await TryRegisterAsync(request, response, bodyType, send, cancellationToken).ConfigureAwait(false)
            || !canResend)
        {
            return response;
        }

        response.Dispose();
        return await send(request, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Whether <paramref name="endpoint"/> has the scheme, host and port of <paramref name="request"/> (docs/schema.md §5.2).</summary>
    private static bool IsSameOrigin(Uri request, Uri endpoint) =>
        Uri.Compare(request, endpoint, UriComponents.Scheme | UriComponents.Host | UriComponents.StrongPort, UriFormat.UriEscaped, StringComparison.OrdinalIgnoreCase) == 0;

    /// <summary>The registration endpoint a 412 of the schema check names, or <see langword="null"/> for any other 412.</summary>
    private static async Task<string?> ReadEndpointAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (PackAccept.Classify(response.Content) != PackMediaKind.Json)
        {
            return null;
        }

        byte[] body;
        try
        {
            // Buffered, so that the caller can still read the problem when the 412 is returned after all.
            await response.Content.LoadIntoBufferAsync(ProblemDetailsReader.MaxContentLength, cancellationToken).ConfigureAwait(false);
            body = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (exception is HttpRequestException or IOException)
        {
            return null;
        }

        return ProblemDetailsReader.TryRead(body) is { Type: PackRequestSchemaProtocol.UnknownProblemType } problem
            && problem.Extensions.TryGetValue(PackRequestSchemaProtocol.SchemaEndpointMember, out var endpoint)
            && endpoint.ValueKind == JsonValueKind.String
                ? endpoint.GetString()
                : null;
    }
}
