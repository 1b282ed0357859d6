using System.Collections.Concurrent;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// The schema of each type the client reads or sends, found once by <see cref="PackSchema.TryGet"/>: a registered
/// context's generated constants first (no reflection, no hashing, so also under Native AOT), else
/// <see cref="PackSchema.For"/> where the run-time path is on. The reader's side of the response check
/// (docs/schema.md §5.1) and the request body's header and registration (§5.2) share it.
/// </summary>
internal static class TypeSchemas
{
    private static readonly ConcurrentDictionary<Type, PackSchema?> Schemas = new();

    // The same schemas by wire fingerprint, so that a logged body's Pack-Schema is found without a walk of them all.
    private static readonly ConcurrentDictionary<string, PackSchema> ByFingerprint = new(StringComparer.Ordinal);

    /// <summary>
    /// The schema of <paramref name="type"/>, or <see langword="null"/> when it is not known: a type the schema builder
    /// does not describe, or, with the run-time path off (Native AOT), a type no registered context declares as a root.
    /// Such a type is neither checked nor announced.
    /// </summary>
    public static PackSchema? Get(Type type)
    {
        if (Schemas.TryGetValue(type, out var known))
        {
            return known;
        }

        var schema = Schemas.GetOrAdd(type, PackSchema.TryGet(type, options: null, out var found) ? found : null);
        if (schema is not null)
        {
            ByFingerprint.TryAdd(schema.WireFingerprint, schema);
        }

        return schema;
    }

    /// <summary>A schema found so far whose wire fingerprint is <paramref name="fingerprint"/>, or <see langword="null"/> (for logging a body by its <c>Pack-Schema</c>).</summary>
    public static PackSchema? Find(string fingerprint) => ByFingerprint.TryGetValue(fingerprint, out var schema) ? schema : null;
}
