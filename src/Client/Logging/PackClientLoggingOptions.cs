using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// Settings of <see cref="PackLoggingHandler"/>: how much of a Pack body is decoded into the log and which members are
/// left out. The limits and their defaults are those of ASP.NET Core's <c>HttpLoggingOptions</c>.
/// </summary>
public sealed class PackClientLoggingOptions
{
    /// <summary>The default of <see cref="RequestBodyLogLimit"/> and <see cref="ResponseBodyLogLimit"/>, 32 KiB.</summary>
    public const int DefaultBodyLogLimit = 32 * 1024;

    /// <summary>The most bytes of a request body decoded into the log; a longer body is logged up to here, marked truncated.</summary>
    public int RequestBodyLogLimit { get; set; } = DefaultBodyLogLimit;

    /// <summary>The most bytes of a response body decoded into the log; a longer body is logged up to here, marked truncated.</summary>
    public int ResponseBodyLogLimit { get; set; } = DefaultBodyLogLimit;

    /// <summary>
    /// Names of members (of any type) whose values are written as <c>"[Redacted]"</c>, for example <c>"Password"</c>.
    /// Matched exactly (ordinal) against the schema's member names, which are the .NET member names.
    /// </summary>
    public ISet<string> RedactedMembers { get; } = new HashSet<string>(StringComparer.Ordinal);

    /// <summary>
    /// Decides, per member of a schema type, whether its value is written as <c>"[Redacted]"</c>; <see langword="null"/>
    /// for none beyond <see cref="RedactedMembers"/>. Called while a body is decoded, before any text exists.
    /// </summary>
    public Func<PackSchemaType, PackSchemaMember, bool>? Redact { get; set; }

    /// <summary>
    /// Schemas to decode bodies with by their <c>Pack-Schema</c> fingerprint, beyond the types this process sends and
    /// reads through <c>Pack.Client</c> (for example a Refit client's types, or the server's <c>/pack/schema</c> set).
    /// </summary>
    public IList<PackSchema> Schemas { get; } = [];
}
