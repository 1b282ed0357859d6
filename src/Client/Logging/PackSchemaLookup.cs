using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// Finds the schema of a logged body: the type a <see cref="PackContent"/> or <see cref="PackStreamContent"/> holds,
/// else the body's <c>Pack-Schema</c> fingerprint among the configured schemas and the types this process has sent or
/// read (<see cref="TypeSchemas"/>).
/// </summary>
internal sealed class PackSchemaLookup(Type? type, string? fingerprint, IList<PackSchema> schemas)
{
    public PackSchema? Find(out string unknown)
    {
        if (type is not null && TypeSchemas.Get(type) is { } own)
        {
            unknown = string.Empty;
            return own;
        }

        if (string.IsNullOrEmpty(fingerprint))
        {
            unknown = type is null ? "the body has no Pack-Schema header" : $"no schema is known for {type.Name}";
            return null;
        }

        foreach (var schema in schemas)
        {
            if (string.Equals(schema.WireFingerprint, fingerprint, StringComparison.Ordinal))
            {
                unknown = string.Empty;
                return schema;
            }
        }

        if (TypeSchemas.Find(fingerprint) is { } known)
        {
            unknown = string.Empty;
            return known;
        }

        unknown = $"unknown schema fingerprint {fingerprint}";
        return null;
    }
}
