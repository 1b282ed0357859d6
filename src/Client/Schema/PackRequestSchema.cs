namespace Pack.Client;

/// <summary>
/// The client's side of the request schema check (docs/schema.md §5.2) for a Pack body that is not a
/// <see cref="PackContent"/> or <see cref="PackStreamContent"/>: the fingerprint its <c>Pack-Schema</c> header announces,
/// and the answer to the server's 412 for a schema it does not know yet (register the schema, send the body again).
/// </summary>
/// <remarks>
/// <para>
/// <see cref="PackContent"/> and <see cref="PackStreamContent"/> announce their schema themselves, and
/// <see cref="PackNegotiationHandler"/> and the <see cref="HttpClient"/> extensions answer their 412. This is for an
/// integration that makes its content some other way and knows the type it serialized: <c>Pack.Refit</c>'s
/// <c>PackRefitHandler</c> uses it for a Refit method's <c>[Body]</c>; a Flurl or RestSharp integration would too.
/// </para>
/// <para>
/// Both members share the process's one cache of type schemas with the rest of <c>Pack.Client</c>: a type announced
/// here is the type the response check, the body log and <see cref="PackContent"/> know.
/// </para>
/// <para>
/// In a <see cref="DelegatingHandler"/>:
/// </para>
/// <code>
/// if (PackRequestSchema.GetFingerprint(typeof(Order)) is { } fingerprint)
/// {
///     request.Content!.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
///     return PackRequestSchema.SendAsync(request, typeof(Order), canResend: true, base.SendAsync, cancellationToken);
/// }
///
/// return base.SendAsync(request, cancellationToken);
/// </code>
/// </remarks>
public static class PackRequestSchema
{
    /// <summary>
    /// The wire fingerprint a Pack body of <paramref name="bodyType"/> announces in <c>Pack-Schema</c>
    /// (<see cref="Pack.Schema.PackSchema.HeaderName"/>): its schema's <see cref="Pack.Schema.PackSchema.WireFingerprint"/>,
    /// from a registered <see cref="PackSerializerContext"/>'s generated constants first, else built at run time where
    /// that is on.
    /// </summary>
    /// <param name="bodyType">The type the body was serialized as (for a stream of items, the item type).</param>
    /// <returns>
    /// The fingerprint, or <see langword="null"/> when the type's schema is not known (<see cref="object"/>, a type the
    /// schema builder does not describe, or under Native AOT a type no registered context declares as a root): send such
    /// a body without the header, and it is read unchecked.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="bodyType"/> is <see langword="null"/>.</exception>
    public static string? GetFingerprint(Type bodyType)
    {
        ArgumentNullException.ThrowIfNull(bodyType);
        return RequestSchemaFingerprints.For(bodyType);
    }

    /// <summary>
    /// Sends <paramref name="request"/> through <paramref name="send"/>; when the server answers 412 because it does not
    /// know the schema the body announced, registers the schema of <paramref name="bodyType"/> at the endpoint the
    /// problem names (same origin only, once per request) and, when <paramref name="canResend"/>, sends the request once more.
    /// </summary>
    /// <param name="request">
    /// The request; its content carries <c>Pack-Schema</c> with <see cref="GetFingerprint"/> of <paramref name="bodyType"/>.
    /// Without the header the response is returned as it is.
    /// </param>
    /// <param name="bodyType">The type whose schema the body announced.</param>
    /// <param name="canResend">
    /// Whether the body can be sent a second time (a value serialized again each time it is sent). A stream that is read
    /// once cannot: its 412 is returned after the registration, and the next request finds the schema registered.
    /// </param>
    /// <param name="send">
    /// Sends a request: the request itself, the registration (a JSON <c>POST</c>) and the resend. A handler's inner
    /// pipeline (<see cref="DelegatingHandler"/>'s <c>base.SendAsync</c>, an <see cref="HttpMessageInvoker"/>), so that a
    /// request can be sent twice; <see cref="HttpClient.SendAsync(HttpRequestMessage, CancellationToken)"/> refuses a resend.
    /// </param>
    /// <param name="cancellationToken">Cancels the sends.</param>
    /// <returns>
    /// The answer to the resend; otherwise the first response (for a 412 that was not answered, with its body still readable).
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="request"/>, <paramref name="bodyType"/> or <paramref name="send"/> is <see langword="null"/>.</exception>
    public static Task<HttpResponseMessage> SendAsync(
        HttpRequestMessage request,
        Type bodyType,
        bool canResend,
        Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> send,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(bodyType);
        ArgumentNullException.ThrowIfNull(send);
        return RequestSchemaRegistration.SendAsync(request, send(request, cancellationToken), bodyType, canResend, send, cancellationToken);
    }
}
