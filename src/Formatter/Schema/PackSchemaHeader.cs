using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// Adds <see cref="PackSchema.HeaderName"/> (the wire fingerprint of the body's declared type, or of a Pack stream's item
/// type, docs/schema.md §5) to a Pack response. The fingerprint is computed once per type and cached; a type whose schema cannot be computed (Pack
/// does not support it, or the app runs under Native AOT, where <see cref="PackSchema.For"/> needs reflection that is
/// not there) gets no header, never an error.
/// </summary>
internal static class PackSchemaHeader
{
    private static readonly ConcurrentDictionary<Type, string?> Fingerprints = new();

    /// <summary>Sets the header for a body of <paramref name="type"/>, when its schema can be computed.</summary>
    /// <param name="response">The response, before its body starts.</param>
    /// <param name="type">The declared type of the body.</param>
    public static void Add(HttpResponse response, Type type)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported || type == typeof(object))
        {
            return;
        }

        if (WireFingerprint(type) is { } fingerprint)
        {
            response.Headers[PackSchema.HeaderName] = fingerprint;
        }
    }

    /// <summary>The wire fingerprint of <paramref name="type"/>, cached; <see langword="null"/> when its schema cannot be computed.</summary>
    /// <param name="type">A declared body type; only called where <see cref="RuntimeFeature.IsDynamicCodeSupported"/>.</param>
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT; there no header is sent.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The type is the body's declared type, which the serializer already keeps; a type the schema builder cannot describe gets no header.")]
    internal static string? WireFingerprint(Type type)
    {
        if (Fingerprints.TryGetValue(type, out var known))
        {
            return known;
        }

        string? fingerprint;
        try
        {
            fingerprint = PackSchema.For(type).WireFingerprint;
        }
        catch (NotSupportedException)
        {
            fingerprint = null;
        }

        return Fingerprints.GetOrAdd(type, fingerprint);
    }
}
