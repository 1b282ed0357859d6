using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>Several root types' schemas in one document (docs/schema.md §2.4): what <c>pack schema export</c> writes and <c>MapPackSchema</c> serves.</summary>
public sealed class PackSchemaSet
{
    /// <summary>The value of the document's <c>format</c> property.</summary>
    public const string Format = SchemaText.SetFormat;

    private string? contractFingerprint;

    /// <summary>Creates a set; the schemas are kept sorted by label, one per label.</summary>
    /// <param name="schemas">The schemas.</param>
    public PackSchemaSet(IEnumerable<PackSchema> schemas)
    {
        ArgumentNullException.ThrowIfNull(schemas);
        Schemas = [.. schemas.DistinctBy(s => s.Label, StringComparer.Ordinal).OrderBy(s => s.Label, StringComparer.Ordinal)];
    }

    /// <summary>The schemas, sorted by <see cref="PackSchema.Label"/>.</summary>
    public IReadOnlyList<PackSchema> Schemas { get; }

    /// <summary>A fingerprint of the whole set: of the contract fingerprints of its schemas, in order (for an ETag).</summary>
    public string ContractFingerprint => contractFingerprint ??= PackSchema.Fingerprint(string.Join(",", Schemas.Select(s => s.ContractFingerprint)));

    /// <summary>Finds a schema by its label, its short name or its wire fingerprint.</summary>
    /// <param name="nameOrFingerprint">A label (<c>Shop.Order</c>), a short name (<c>Order</c>) or a wire fingerprint.</param>
    /// <returns>The schema, or <see langword="null"/> when none or several match.</returns>
    public PackSchema? Find(string nameOrFingerprint)
    {
        ArgumentNullException.ThrowIfNull(nameOrFingerprint);
        foreach (var schema in Schemas)
        {
            if (schema.Label == nameOrFingerprint || schema.WireFingerprint == nameOrFingerprint)
            {
                return schema;
            }
        }

        var byShortName = Schemas.Where(s => s.Root.ShortName == nameOrFingerprint).ToArray();
        return byShortName.Length == 1 ? byShortName[0] : null;
    }

    /// <summary>The set as indented JSON (docs/schema.md §2.4), as the shared <see cref="SchemaText.WriteSet"/> writes it (also for the generator's <c>PackSchemaFile</c>).</summary>
    public string ToJsonString()
        => SchemaText.WriteSet(Schemas.Select(s => (s.Label, s.WireFingerprint, (string?)s.ContractFingerprint, s.CanonicalText)));

    /// <summary>Reads a schema set, or a single schema document (a set of one).</summary>
    /// <param name="json">The JSON text.</param>
    /// <exception cref="FormatException">Not a schema set or schema, or a recorded fingerprint does not match its schema.</exception>
    public static PackSchemaSet Parse(string json)
    {
        ArgumentNullException.ThrowIfNull(json);
        JsonNode? node;
        try
        {
            node = JsonNode.Parse(json);
        }
        catch (JsonException exception)
        {
            throw new FormatException($"not JSON: {exception.Message}", exception);
        }

        string? format = node is JsonObject o && o["format"] is JsonValue f && f.TryGetValue(out string? s) ? s : null;
        if (format == PackSchema.Format)
        {
            return new PackSchemaSet([PackSchema.FromJson(node)]);
        }

        if (format != Format || node!["schemas"] is not JsonArray array)
        {
            throw new FormatException($"not a Pack schema: expected \"format\": \"{Format}\" or \"{PackSchema.Format}\"");
        }

        var schemas = new List<PackSchema>();
        foreach (var entry in array)
        {
            var schema = PackSchema.FromJson(entry?["schema"]);
            string? wire = entry?["wire"]?.GetValue<string>();
            string? contract = entry?["contract"]?.GetValue<string>();
            if ((wire is not null && wire != schema.WireFingerprint) || (contract is not null && contract != schema.ContractFingerprint))
            {
                throw new FormatException($"the schema of {schema.Label} does not match its recorded fingerprints (wire {wire}, contract {contract}; computed {schema.WireFingerprint}, {schema.ContractFingerprint}): the file was edited or written by a different rulebook");
            }

            schemas.Add(schema);
        }

        return new PackSchemaSet(schemas);
    }
}
