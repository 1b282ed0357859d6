using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// Settings for Pack bodies in ASP.NET Core's HTTP logging (<c>AddPackHttpLogging</c>): which members are left out.
/// What is logged, and how much of a body, stays with <c>HttpLoggingOptions</c> (<c>RequestBody</c>/<c>ResponseBody</c>,
/// <c>RequestBodyLogLimit</c>/<c>ResponseBodyLogLimit</c>) and <c>[HttpLogging]</c> on an endpoint.
/// </summary>
public sealed class PackHttpLoggingOptions
{
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
}
