using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// The wire fingerprint a Pack request body announces in <c>Pack-Schema</c> (docs/schema.md §5.2), taken from the
/// type's schema (<see cref="TypeSchemas"/>: generated constants first). <see langword="null"/> when that schema is not
/// known (a type the schema builder does not describe; under Native AOT, a type that is not a root of a registered
/// context): such bodies are sent without the header, unchecked, as before.
/// </summary>
internal static class RequestSchemaFingerprints
{
    /// <summary>The wire fingerprint of <paramref name="type"/>, or <see langword="null"/>.</summary>
    public static string? For(Type type) => type == typeof(object) ? null : TypeSchemas.Get(type)?.WireFingerprint;

    /// <summary>Sets the header on a body's content, when the fingerprint of its type is known.</summary>
    public static void AddTo(HttpContent content, Type type)
    {
        if (For(type) is { } fingerprint)
        {
            content.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
        }
    }

    /// <summary>
    /// The schema set (docs/schema.md §2.4) a client registers for a body of <paramref name="type"/>; only asked for a
    /// body that carried the header, so its schema was built.
    /// </summary>
    public static string RegistrationDocument(Type type) => new PackSchemaSet([TypeSchemas.Get(type)!]).ToJsonString();
}
