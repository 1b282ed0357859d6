using System.Diagnostics.CodeAnalysis;
using System.Net.Http.Headers;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// Checks a response's <c>Pack-Schema</c> header against the type the body is read with, before it is read
/// (docs/schema.md §5.1). A matching fingerprint costs a comparison, a judged one a dictionary lookup; only a new one
/// goes to the server's schema endpoint.
/// </summary>
internal static class ResponseSchemaCheck
{
    /// <summary>Completes when the body may be read; throws <see cref="PackSchemaMismatchException"/> when it must not.</summary>
    /// <param name="readerType">The type the body, or each stream item, is decoded with.</param>
    /// <param name="response">The response, or <see langword="null"/> when only its content is at hand (nothing to check).</param>
    /// <param name="schemaClient">Fetches the server's schema set, or <see langword="null"/> (nothing to check).</param>
    /// <param name="options">The client's options: the off switch, the endpoint path and the fallback.</param>
    /// <param name="cancellationToken">The call's token.</param>
    public static ValueTask EnsureReadableAsync(Type readerType, HttpResponseMessage? response, HttpMessageInvoker? schemaClient, PackClientOptions options, CancellationToken cancellationToken)
    {
        // A reader type whose schema is not known (under Native AOT: not a root of a registered context) is not checked (ReaderContract).
        if (response is null || schemaClient is null || !options.CheckResponseSchema
            || !response.Headers.NonValidated.TryGetValues(PackSchema.HeaderName, out HeaderStringValues values) || values.Count != 1)
        {
            return default;
        }

        string fingerprint = values.ToString();
        var reader = ReaderContract.Get(readerType);
        if (reader.Fingerprint is null)
        {
            // Read unchecked: counted, so a reached-only type under Native AOT does not go unchecked silently.
            PackClientMetrics.FromRequest(response.RequestMessage)?.RecordUncheckedRead(PackClientMetrics.ReaderUnknown);
            return default;
        }

        if (string.Equals(reader.Fingerprint, fingerprint, StringComparison.Ordinal))
        {
            return default;
        }

        if (reader.TryGetVerdict(fingerprint, out var verdict))
        {
            return verdict.IsCompatible ? default : ThrowMismatch(verdict);
        }

        return JudgeAsync(reader, fingerprint, response, schemaClient, options, cancellationToken);
    }

    [DoesNotReturn]
    private static ValueTask ThrowMismatch(SchemaVerdict verdict) => throw verdict.CreateException();

    private static async ValueTask JudgeAsync(ReaderContract reader, string fingerprint, HttpResponseMessage response, HttpMessageInvoker schemaClient, PackClientOptions options, CancellationToken cancellationToken)
    {
        if (!IsFingerprint(fingerprint) || response.RequestMessage is not { RequestUri: { IsAbsoluteUri: true } requestUri } call)
        {
            return;
        }

        var endpoint = SchemaEndpointOf(response, requestUri, options);
        var lookup = endpoint is not null
            ? await SchemaSource.For(endpoint).FindAsync(fingerprint, call, schemaClient, cancellationToken).ConfigureAwait(false)
            : new SchemaLookup(null, $"the server advertises no schema endpoint (no {PackResponseSchemaProtocol.EndpointHeaderName} header of the request's origin) and none is configured (PackClientOptions.{nameof(PackClientOptions.SchemaPath)})", null);
        if (lookup.Schema is null)
        {
            var behavior = lookup.NotServed ? options.SchemaNotServed : options.SchemaUnavailable;
            if (behavior == PackSchemaUnavailableBehavior.Throw)
            {
                string setting = lookup.NotServed ? nameof(PackClientOptions.SchemaNotServed) : nameof(PackClientOptions.SchemaUnavailable);
                throw new PackSchemaMismatchException(
                    $"The response was written with a contract (Pack-Schema {fingerprint}) other than {reader.Type}'s (Pack-Schema "
                    + $"{reader.Fingerprint}), and the server's schema could not be obtained to check it: {lookup.Problem}. Nothing was read "
                    + $"(PackClientOptions.{setting} is {nameof(PackSchemaUnavailableBehavior.Throw)}).",
                    reader.Type,
                    reader.Fingerprint!,
                    fingerprint,
                    [],
                    lookup.Error);
            }

            PackClientMetrics.FromRequest(call)?.RecordUncheckedRead(
                endpoint is null ? PackClientMetrics.NoEndpoint : lookup.NotServed ? PackClientMetrics.NotServed : PackClientMetrics.LookupFailed);
            return;
        }

        var verdict = reader.AddVerdict(fingerprint, PackSchema.CheckCompatibility(reader.Schema!, lookup.Schema));
        if (!verdict.IsCompatible)
        {
            throw verdict.CreateException();
        }
    }

    /// <summary>
    /// Where to look the writer's schema up (docs/schema.md §5.1, step 5): the configured <see cref="PackClientOptions.SchemaPath"/>,
    /// else the endpoint the response advertises in <c>Pack-Schema-Endpoint</c> when it has the request's origin, else none:
    /// a server that maps no schema endpoint is never sent a lookup.
    /// </summary>
    private static Uri? SchemaEndpointOf(HttpResponseMessage response, Uri requestUri, PackClientOptions options)
    {
        if (options.IsSchemaPathConfigured)
        {
            return new Uri(requestUri, options.SchemaPath);
        }

        if (!response.Headers.NonValidated.TryGetValues(PackResponseSchemaProtocol.EndpointHeaderName, out HeaderStringValues values) || values.Count != 1
            || !Uri.TryCreate(requestUri, values.ToString(), out var advertised))
        {
            return null;
        }

        // Only the request's origin: the lookup carries the request's Authorization (§5.1).
        return Uri.Compare(advertised, requestUri, UriComponents.SchemeAndServer, UriFormat.UriEscaped, StringComparison.OrdinalIgnoreCase) == 0 ? advertised : null;
    }

    // 16 lowercase hex digits (docs/schema.md §2.3); anything else is not a fingerprint and is not checked.
    private static bool IsFingerprint(string value)
    {
        if (value.Length != 16)
        {
            return false;
        }

        foreach (char c in value)
        {
            if (!char.IsAsciiDigit(c) && c is not (>= 'a' and <= 'f'))
            {
                return false;
            }
        }

        return true;
    }
}
