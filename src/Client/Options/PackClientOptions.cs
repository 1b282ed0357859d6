using System.Text.Json;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// How a Pack client reads and writes bodies: the Pack options, and the JSON options used for a server that answers
/// JSON (not upgraded yet) and for the JSON retry after a <c>415</c>.
/// </summary>
/// <remarks>
/// Set them per client with <c>AddPackHttpClient(..., configureOptions)</c> or <c>AddPackNegotiation(configureOptions)</c>
/// (named options, one set per client name), or per call with the overloads of <see cref="HttpClientPackExtensions"/> and
/// <see cref="HttpContentPackExtensions"/> that take a <see cref="PackClientOptions"/>. Per-call options win over the client's.
/// Treat an instance as read-only once it is in use.
/// </remarks>
public sealed class PackClientOptions
{
    /// <summary>The Pack options, or <see langword="null"/> for <see cref="PackSerializerOptions.Default"/>.</summary>
    public PackSerializerOptions? SerializerOptions { get; set; }

    /// <summary>
    /// The JSON options for JSON responses and for the JSON retry of a request body after a <c>415</c>.
    /// Default <see cref="JsonSerializerOptions.Web"/> (web defaults without a resolver where reflection-based JSON is off:
    /// under Native AOT set options whose <c>TypeInfoResolver</c> is your <c>JsonSerializerContext</c>); set your server's options (a <c>JsonStringEnumConverter</c>, say)
    /// while it still answers JSON.
    /// </summary>
    public JsonSerializerOptions JsonSerializerOptions
    {
        get;
        set => field = value ?? throw new ArgumentNullException(nameof(value));
    } = JsonTypeInfos.Web;

    /// <summary>
    /// Whether a response's <c>Pack-Schema</c> header is checked against the type it is read with before it is read
    /// (docs/schema.md §5.1). Default <see langword="true"/>; <see langword="false"/> reads every response unchecked.
    /// </summary>
    /// <remarks>
    /// An equal fingerprint costs a comparison and a fingerprint already judged a dictionary lookup; a new one is checked
    /// against the server's schema set, fetched from <see cref="SchemaPath"/> once per server and kept. An incompatible
    /// contract throws <see cref="PackSchemaMismatchException"/>. Under Native AOT the check is skipped.
    /// </remarks>
    public bool CheckResponseSchema { get; set; } = true;

    /// <summary>
    /// Where the server serves its schema set (its <c>MapPackSchema</c> route): a path resolved against each request's URI,
    /// default <see cref="PackSchema.DefaultEndpointPath"/> (<c>/pack/schema</c>), or an absolute URI.
    /// </summary>
    /// <exception cref="ArgumentException">The value is empty or not a URI.</exception>
    public string SchemaPath
    {
        get;
        set
        {
            ArgumentException.ThrowIfNullOrEmpty(value);
            field = Uri.TryCreate(value, UriKind.RelativeOrAbsolute, out _)
                ? value
                : throw new ArgumentException($"'{value}' is neither a path nor an absolute URI.", nameof(value));
            IsSchemaPathConfigured = true;
        }
    } = PackSchema.DefaultEndpointPath;

    /// <summary>
    /// Whether <see cref="SchemaPath"/> was set: then the client looks schemas up there; otherwise only where a response's
    /// <c>Pack-Schema-Endpoint</c> header names an endpoint of the request's origin (docs/schema.md §5.1, step 5).
    /// </summary>
    internal bool IsSchemaPathConfigured { get; private set; }

    /// <summary>
    /// What to do when a response's <c>Pack-Schema</c> differs from the reader's and there is no schema endpoint to ask
    /// (a 404 from a server without <c>MapPackSchema</c>, a network error or timeout, a malformed or oversized set).
    /// Default <see cref="PackSchemaUnavailableBehavior.Read"/>: the header alone only says the bytes differ, mostly by an
    /// appended member, and the schema endpoint is optional, so failing would break calls that worked before the check
    /// existed.
    /// </summary>
    public PackSchemaUnavailableBehavior SchemaUnavailable { get; set; } = PackSchemaUnavailableBehavior.Read;

    /// <summary>
    /// What to do when a response's <c>Pack-Schema</c> differs from the reader's, the schema endpoint answers, and none of
    /// 4 requests to it (each of which may reach another replica)
    /// gives that fingerprint (docs/schema.md §5.1, step 8). Default <see cref="PackSchemaUnavailableBehavior.Throw"/>:
    /// the server opted in to the check, so the bytes come from a writer whose schema no replica describes, which is what
    /// an incompatible replica in a rolling deploy looks like; reading would misread exactly what the check exists to stop.
    /// </summary>
    public PackSchemaUnavailableBehavior SchemaNotServed { get; set; } = PackSchemaUnavailableBehavior.Throw;

    /// <summary>
    /// Whether Pack request bodies carry <c>Pack-Schema</c> (the wire fingerprint of their type) and a server's 412 for
    /// an unknown schema is answered by registering the schema and sending a value body once more (docs/schema.md §5.2).
    /// Default <see langword="true"/>. With <see langword="false"/> bodies are sent unchecked, as by clients that predate the header.
    /// </summary>
    public bool SendRequestSchema { get; set; } = true;

    /// <summary>The defaults: <see cref="PackSerializerOptions.Default"/> and <see cref="JsonSerializerOptions.Web"/>.</summary>
    internal static PackClientOptions Default { get; } = new();

    /// <summary>The key under which <see cref="PackNegotiationHandler"/> records a client's options on each request.</summary>
    internal static HttpRequestOptionsKey<PackClientOptions> RequestKey { get; } = new("Pack.Client.PackClientOptions");

    /// <summary>Per-call options first, then those of the client that sent <paramref name="request"/>, then the defaults.</summary>
    internal static PackClientOptions Resolve(PackClientOptions? perCall, HttpRequestMessage? request) =>
        perCall ?? FromRequest(request) ?? Default;

    /// <summary>Records the client's options on <paramref name="request"/> for <see cref="Resolve"/>.</summary>
    internal static void SetOn(HttpRequestMessage request, PackClientOptions options)
    {
        // In Options, where a handler that sends a copy of the request (hedging, say) copies them from; and in the field
        // of a request the extensions built, so that reading them back needs no Options when nobody set any.
        request.Options.Set(RequestKey, options);
        if (request is PackRequestMessage packRequest)
        {
            packRequest.ClientOptions = options;
        }
    }

    private static PackClientOptions? FromRequest(HttpRequestMessage? request) => request switch
    {
        null => null,
        // Not request.Options: reading it creates the options dictionary, on every call through a client without options.
        PackRequestMessage packRequest => packRequest.ClientOptions,
        _ => request.Options.TryGetValue(RequestKey, out var client) ? client : null,
    };

    /// <summary>Options for a call that passed only Pack options: those, with the client's (or default) JSON options.</summary>
    internal static PackClientOptions WithSerializerOptions(PackSerializerOptions? serializerOptions, HttpRequestMessage? request)
    {
        var resolved = Resolve(perCall: null, request);
        return serializerOptions is null || ReferenceEquals(serializerOptions, resolved.SerializerOptions)
            ? resolved
            : new PackClientOptions
            {
                SerializerOptions = serializerOptions,
                JsonSerializerOptions = resolved.JsonSerializerOptions,
                CheckResponseSchema = resolved.CheckResponseSchema,
                SchemaPath = resolved.SchemaPath,
                IsSchemaPathConfigured = resolved.IsSchemaPathConfigured,
                SchemaUnavailable = resolved.SchemaUnavailable,
                SchemaNotServed = resolved.SchemaNotServed,
            };
    }
}
