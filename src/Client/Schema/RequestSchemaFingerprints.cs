using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// The wire fingerprint a Pack request body announces in <c>Pack-Schema</c> (docs/schema.md §5.2), computed once per
/// type. <see langword="null"/> under Native AOT (the schema is built by reflection) and for types the schema builder
/// does not describe: such bodies are sent without the header, unchecked, as before.
/// </summary>
internal static class RequestSchemaFingerprints
{
    private static readonly ConcurrentDictionary<Type, string?> Fingerprints = new();

    /// <summary>The wire fingerprint of <paramref name="type"/>, or <see langword="null"/>.</summary>
    public static string? For(Type type)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported || type == typeof(object))
        {
            return null;
        }

        return Fingerprints.TryGetValue(type, out var known) ? known : Compute(type);
    }

    /// <summary>Sets the header on a body's content, when the fingerprint of its type is known.</summary>
    public static void AddTo(HttpContent content, Type type)
    {
        if (For(type) is { } fingerprint)
        {
            content.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
        }
    }

    /// <summary>The schema set (docs/schema.md §2.4) a client registers for a body of <paramref name="type"/>.</summary>
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called for a body that carries the header, which is set only where RuntimeFeature.IsDynamicCodeSupported.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The type is a body type the serializer already keeps; its schema was built for the header.")]
    public static string RegistrationDocument(Type type) => new PackSchemaSet([PackSchema.For(type)]).ToJsonString();

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT; there no header is sent.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The type is the body's declared type, which the serializer already keeps; a type the schema builder cannot describe gets no header.")]
    private static string? Compute(Type type)
    {
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
