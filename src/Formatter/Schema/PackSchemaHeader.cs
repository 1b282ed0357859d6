using System.Collections.Concurrent;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Options;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// Adds <see cref="PackSchema.HeaderName"/> (the wire fingerprint of the body's declared type, or of a Pack stream's item
/// type, docs/schema.md §5) to a Pack response. The fingerprint comes from <see cref="PackSchema.TryGet"/>: a registered
/// source-generated context's constants when one declares the type as a root (no reflection, no hashing, so also under
/// Native AOT), else <see cref="PackSchema.For"/> where the run-time path is on; it is looked up once per type and
/// cached. A type whose schema is not known either way gets no header, never an error.
/// </summary>
internal static class PackSchemaHeader
{
    private static readonly ConcurrentDictionary<Type, string?> Fingerprints = new();

    /// <summary>Sets the header for a body of <paramref name="type"/>, when its schema is known.</summary>
    /// <param name="response">The response, before its body starts.</param>
    /// <param name="type">The declared type of the body.</param>
    public static void Add(HttpResponse response, Type type)
    {
        if (type == typeof(object))
        {
            return;
        }

        if (WireFingerprint(type) is { } fingerprint)
        {
            response.Headers[PackSchema.HeaderName] = fingerprint;

            // Where the schema of a fingerprint can be asked for (docs/schema.md §5): only when the app maps MapPackSchema,
            // so that a client never sends a lookup to an app that serves none (through its handlers, logs and metrics).
            if (response.HttpContext.RequestServices?.GetService(typeof(IOptions<PackFormatterOptions>)) is IOptions<PackFormatterOptions> options
                && options.Value.ClientSchemas.RegistrationPath is { } path)
            {
                response.Headers[PackResponseSchemaProtocol.EndpointHeaderName] = response.HttpContext.Request.PathBase.Add(new PathString(path)).ToString();
            }
        }
    }

    /// <summary>The wire fingerprint of <paramref name="type"/>, cached; <see langword="null"/> when its schema is not known.</summary>
    /// <param name="type">A declared body type.</param>
    internal static string? WireFingerprint(Type type)
    {
        if (Fingerprints.TryGetValue(type, out var known))
        {
            return known;
        }

        // The constant when a context declares the type as a root (even one with only its wire form known), else TryGet's schema.
        string? fingerprint = PackSchema.TryGetGenerated(type, options: null, out var generated) ? generated.WireFingerprint
            : PackSchema.TryGet(type, options: null, out var schema) ? schema.WireFingerprint : null;
        return Fingerprints.GetOrAdd(type, fingerprint);
    }

    /// <summary>
    /// A type this process has written a header for whose wire fingerprint is <paramref name="fingerprint"/>, or
    /// <see langword="null"/>; the schema endpoint serves its schema when asked for that fingerprint (docs/schema.md §5).
    /// </summary>
    /// <param name="fingerprint">A wire fingerprint.</param>
    internal static Type? WrittenType(string fingerprint)
    {
        foreach (var (type, written) in Fingerprints)
        {
            if (string.Equals(written, fingerprint, StringComparison.Ordinal))
            {
                return type;
            }
        }

        return null;
    }
}
