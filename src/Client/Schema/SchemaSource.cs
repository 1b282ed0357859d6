using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Net;
using System.Text.Json;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// One server's schema endpoint, as the client knows it: every schema it has served, by wire fingerprint, gathered over
/// all fetches (replicas of one origin serve different sets during a rolling deploy), and the fingerprints it could not
/// give lately (docs/schema.md §5.1, steps 5 and 8). One per endpoint URI, for the process.
/// </summary>
internal sealed class SchemaSource
{
    /// <summary>How long an endpoint is not asked again about a fingerprint it could not give.</summary>
    internal static readonly TimeSpan RetryInterval = TimeSpan.FromMinutes(1);

    // Bounds on what a server can make the client hold; past them the memory starts over (at worst, one more fetch).
    private const int MaxSchemas = 4096;
    private const int MaxUnresolved = 1024;
    private const long MaxDocumentLength = 16 * 1024 * 1024;
    private const long MaxProblemLength = 64 * 1024;

    /// <summary>
    /// How long one fetch of the set may take. The fetch is made while the checked response is still open, so a client
    /// limited to one HTTP/1.1 connection per server would otherwise wait for itself; past this the schema is unavailable
    /// (docs/schema.md §5.1, step 8).
    /// </summary>
    internal static readonly TimeSpan FetchTimeout = TimeSpan.FromSeconds(10);

    /// <summary>How long all the attempts of one lookup may take together (docs/schema.md §5.1, step 5).</summary>
    internal static readonly TimeSpan LookupTimeout = TimeSpan.FromSeconds(20);

    private static readonly ConcurrentDictionary<string, SchemaSource> Sources = new(StringComparer.Ordinal);

    private readonly ConcurrentDictionary<string, PackSchema> _schemas = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, (long Since, SchemaLookup Failure)> _unresolved = new(StringComparer.Ordinal);
    private readonly SemaphoreSlim _fetch = new(1, 1);
    private volatile string? _etag;

    private SchemaSource(Uri uri) => Uri = uri;

    public Uri Uri { get; }

    public static SchemaSource For(Uri uri) => Sources.GetOrAdd(uri.AbsoluteUri, static (_, u) => new SchemaSource(u), uri);

    /// <summary>
    /// The schema whose wire fingerprint is <paramref name="fingerprint"/>, fetching the set when it is new: up to
    /// <see cref="PackResponseSchemaProtocol.MaxLookupAttempts"/> requests while the endpoint answers without it, since
    /// each may reach another replica (docs/schema.md §5.1, step 5).
    /// </summary>
    /// <param name="fingerprint">The response's <c>Pack-Schema</c>.</param>
    /// <param name="call">The call being checked: its version and <c>Authorization</c> are reused.</param>
    /// <param name="client">Sends the request for the set.</param>
    /// <param name="cancellationToken">The call's token.</param>
    public async ValueTask<SchemaLookup> FindAsync(string fingerprint, HttpRequestMessage call, HttpMessageInvoker client, CancellationToken cancellationToken)
    {
        if (TryFind(fingerprint, out var known))
        {
            return known;
        }

        await _fetch.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            // Another call may have fetched while this one waited.
            if (TryFind(fingerprint, out known))
            {
                return known;
            }

            var failure = await LookUpAsync(fingerprint, call, client, cancellationToken).ConfigureAwait(false);
            if (failure is null)
            {
                return new SchemaLookup(_schemas[fingerprint], null, null);
            }

            if (_unresolved.Count >= MaxUnresolved)
            {
                _unresolved.Clear();
            }

            _unresolved[fingerprint] = (Stopwatch.GetTimestamp(), failure);
            return failure;
        }
        finally
        {
            _fetch.Release();
        }
    }

    /// <summary>Asks until a set holds the fingerprint; <see langword="null"/> when one did, else why there is none.</summary>
    private async ValueTask<SchemaLookup?> LookUpAsync(string fingerprint, HttpRequestMessage call, HttpMessageInvoker client, CancellationToken cancellationToken)
    {
        using var lookupTimeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        lookupTimeout.CancelAfter(LookupTimeout);
        string query = Uri.Query.Length > 1 ? Uri.Query[1..] + "&" : string.Empty;
        var uri = new UriBuilder(Uri) { Query = $"{query}{PackResponseSchemaProtocol.WireQueryParameter}={fingerprint}" }.Uri;
        int answered = 0;
        for (int attempt = 1; attempt <= PackResponseSchemaProtocol.MaxLookupAttempts; attempt++)
        {
            // A 304 would only confirm the set already held, which lacks the fingerprint: later attempts want a full answer.
            var failure = await FetchAsync(uri, revalidate: attempt == 1, call, client, lookupTimeout.Token, cancellationToken).ConfigureAwait(false);
            if (failure is not null)
            {
                return answered == 0
                    ? failure
                    : NotServed(fingerprint, answered, $"; then {failure.Problem}", failure.Error);
            }

            if (_schemas.ContainsKey(fingerprint))
            {
                return null;
            }

            answered++;
        }

        return NotServed(fingerprint, answered, string.Empty, null);
    }

    private SchemaLookup NotServed(string fingerprint, int answered, string then, Exception? error) => new(
        null,
        $"the schema endpoint {Uri} answered {answered} time{(answered == 1 ? "" : "s")} without a schema with wire fingerprint {fingerprint}{then}",
        error,
        NotServed: true);

    private bool TryFind(string fingerprint, [NotNullWhen(true)] out SchemaLookup? lookup)
    {
        if (_schemas.TryGetValue(fingerprint, out var schema))
        {
            lookup = new SchemaLookup(schema, null, null);
            return true;
        }

        if (_unresolved.TryGetValue(fingerprint, out var unresolved) && Stopwatch.GetElapsedTime(unresolved.Since) < RetryInterval)
        {
            lookup = unresolved.Failure;
            return true;
        }

        lookup = null;
        return false;
    }

    /// <summary>
    /// One attempt: fetches the set and adds its schemas. <see langword="null"/> when the endpoint answered (a set, a 304,
    /// or the not-served problem), else why it did not.
    /// </summary>
    private async ValueTask<SchemaLookup?> FetchAsync(Uri uri, bool revalidate, HttpRequestMessage call, HttpMessageInvoker client, CancellationToken lookupToken, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(lookupToken);
        timeout.CancelAfter(FetchTimeout);
        try
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, uri) { Version = call.Version, VersionPolicy = call.VersionPolicy };
            request.Headers.TryAddWithoutValidation("Accept", "application/json");
            if (revalidate && _etag is { } etag)
            {
                request.Headers.TryAddWithoutValidation("If-None-Match", etag);
            }

            if (call.Headers.Authorization is { } authorization)
            {
                request.Headers.Authorization = authorization;
            }

            // HttpClient would buffer the whole body first (up to its MaxResponseContentBufferSize, 2 GiB by default);
            // the body is read below under this endpoint's own bound.
            using var response = client is HttpClient httpClient
                ? await httpClient.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, timeout.Token).ConfigureAwait(false)
                : await client.SendAsync(request, timeout.Token).ConfigureAwait(false);
            if (response.StatusCode == HttpStatusCode.NotModified)
            {
                return null;
            }

            if (response.StatusCode == HttpStatusCode.NotFound && await IsNotServedAsync(response, timeout.Token).ConfigureAwait(false))
            {
                return null;
            }

            if (!response.IsSuccessStatusCode)
            {
                return new SchemaLookup(null, $"the schema endpoint {Uri} answered {(int)response.StatusCode} {response.ReasonPhrase}", null);
            }

            if (response.Content.Headers.ContentLength > MaxDocumentLength)
            {
                return new SchemaLookup(null, $"the schema set at {Uri} is larger than {MaxDocumentLength} bytes", null);
            }

            // A body without Content-Length (chunked) is held to the same bound while it is read.
            await response.Content.LoadIntoBufferAsync(MaxDocumentLength, timeout.Token).ConfigureAwait(false);
            string json = await response.Content.ReadAsStringAsync(timeout.Token).ConfigureAwait(false);
            var set = PackSchemaSet.Parse(json);
            if (_schemas.Count + set.Schemas.Count > MaxSchemas)
            {
                _schemas.Clear();
            }

            foreach (var schema in set.Schemas)
            {
                _schemas[schema.WireFingerprint] = schema;
            }

            _etag = response.Headers.ETag?.ToString();
            return null;
        }
        catch (Exception exception) when (!cancellationToken.IsCancellationRequested)
        {
            // Unreachable, timed out, not a schema set: no schema to be had, which the caller's options decide about.
            return new SchemaLookup(null, $"the schema set could not be fetched from {Uri}: {exception.Message}", exception);
        }
    }

    /// <summary>Whether a 404 is a schema endpoint's "not served" problem (docs/schema.md §5), not a missing endpoint.</summary>
    private static async ValueTask<bool> IsNotServedAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.Content.Headers.ContentType?.MediaType is not "application/problem+json" || response.Content.Headers.ContentLength > MaxProblemLength)
        {
            return false;
        }

        await response.Content.LoadIntoBufferAsync(MaxProblemLength, cancellationToken).ConfigureAwait(false);
        try
        {
            using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false));
            return problem.RootElement.ValueKind == JsonValueKind.Object
                && problem.RootElement.TryGetProperty("type", out var type)
                && type.ValueKind == JsonValueKind.String
                && type.ValueEquals(PackResponseSchemaProtocol.NotServedProblemType);
        }
        catch (JsonException)
        {
            return false;
        }
    }
}
