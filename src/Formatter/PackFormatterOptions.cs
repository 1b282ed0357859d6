using System.ComponentModel.DataAnnotations;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>Settings for Pack's ASP.NET Core integration: MVC formatters, minimal-API results and <see cref="PackBody{T}"/>.</summary>
/// <remarks>Validated when the host starts (<c>ValidateOnStart</c>): an invalid value stops start-up with an <see cref="Microsoft.Extensions.Options.OptionsValidationException"/> naming it.</remarks>
public sealed class PackFormatterOptions
{
    /// <summary>The default limit on a Pack request body, 32 MiB.</summary>
    public const long DefaultMaxRequestBodySize = 32L * 1024 * 1024;

    /// <summary>The options passed to <see cref="PackSerializer"/> for request and response bodies. Defaults to <see cref="PackSerializerOptions.Default"/>.</summary>
    [Required]
    public PackSerializerOptions SerializerOptions { get; set; } = PackSerializerOptions.Default;

    /// <summary>
    /// The largest Pack request body, in bytes, that is read. Default 32 MiB. A larger body is rejected with a message
    /// that says so: 413 ProblemDetails, from MVC and from <see cref="PackBody{T}"/> alike.
    /// The server's limit (Kestrel's <c>MaxRequestBodySize</c>, <c>[RequestSizeLimit]</c>) still applies and is reported the same
    /// way, so the smaller of the two wins; <see langword="null"/> leaves only the server's limit.
    /// </summary>
    [Range(1L, long.MaxValue)]
    public long? MaxRequestBodySize { get; set; } = DefaultMaxRequestBodySize;

    /// <summary>The default of <see cref="MaxRegisteredClientSchemas"/>, 1024.</summary>
    public const int DefaultMaxRegisteredClientSchemas = 1024;

    /// <summary>
    /// Whether a Pack request body that carries <c>Pack-Schema</c> is checked against the endpoint's type before it is
    /// read (docs/schema.md §5.2): an equal fingerprint is read, a known compatible one too, a known incompatible one is
    /// answered 409 problem+json with the violations, an unknown one 412 (or read unchecked when the app does not map the
    /// schema endpoint, where a client could not register). Default <see langword="true"/>. A request without the header
    /// is never checked. Under Native AOT no check is made (the schemas need reflection).
    /// </summary>
    public bool CheckRequestSchema { get; set; } = true;

    /// <summary>
    /// Client schemas the server knows from the start, never forgotten (for example loaded with
    /// <see cref="PackSchemaSet.Parse(string)"/> from files that older clients' builds exported): a request that carries
    /// one of their wire fingerprints is checked without a registration.
    /// </summary>
    public IList<PackSchema> KnownClientSchemas { get; } = [];

    /// <summary>
    /// The most client schemas registered through <c>POST</c> to <c>MapPackSchema()</c> that are kept, and the most
    /// verdicts cached. Default 1024. When a registration would exceed it, the registered schemas and verdicts are
    /// forgotten (clients register again on a 412), so registrations cannot grow the server's memory without bound.
    /// </summary>
    [Range(1, int.MaxValue)]
    public int MaxRegisteredClientSchemas { get; set; } = DefaultMaxRegisteredClientSchemas;

    /// <summary>
    /// Whether client schemas registered with this server are also kept in the app's
    /// <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/> (Redis, in a fleet), so that a client
    /// registered with one replica is accepted by every replica that shares the cache (docs/schema.md §5.2, shared
    /// registrations). Default <see langword="false"/>: registrations live in each replica's memory. When
    /// <see langword="true"/>, <c>MapPackSchema()</c> requires an <c>IDistributedCache</c> service. A store that fails or
    /// takes longer than 2 seconds is logged and makes the fingerprint unknown (412) for that request, never a 5xx.
    /// </summary>
    public bool ShareClientSchemaRegistrations { get; set; }

    /// <summary>The registered client schemas and the verdicts, shared by the schema endpoint and the body readers that use these options.</summary>
    internal PackClientSchemaRegistry ClientSchemas => field ?? Interlocked.CompareExchange(ref field, new PackClientSchemaRegistry(this), null) ?? field;
}
