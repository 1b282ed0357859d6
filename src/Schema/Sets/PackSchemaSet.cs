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

    private string? endpointsText;

    /// <summary>Creates a set; the schemas are kept sorted by label, one per label.</summary>
    /// <param name="schemas">The schemas.</param>
    public PackSchemaSet(IEnumerable<PackSchema> schemas)
        : this(schemas, [])
    {
    }

    /// <summary>Creates a set with the endpoints that read or write its types (docs/schema.md §5.3), as <c>MapPackSchema</c> serves it.</summary>
    /// <param name="schemas">The schemas; kept sorted by label, one per label.</param>
    /// <param name="endpoints">The endpoints; kept in the order of §5.3 (group, route, method, name).</param>
    /// <exception cref="ArgumentException">An endpoint's request or response names a type that is not among <paramref name="schemas"/>.</exception>
    public PackSchemaSet(IEnumerable<PackSchema> schemas, IEnumerable<PackSchemaEndpoint> endpoints)
    {
        ArgumentNullException.ThrowIfNull(schemas);
        ArgumentNullException.ThrowIfNull(endpoints);
        Schemas = [.. schemas.DistinctBy(s => s.Label, StringComparer.Ordinal).OrderBy(s => s.Label, StringComparer.Ordinal)];
        Endpoints = [.. endpoints.Order(Comparer<PackSchemaEndpoint>.Create(PackSchemaEndpoint.Compare))];
        foreach (var endpoint in Endpoints)
        {
            foreach (var body in (ReadOnlySpan<PackSchemaEndpointBody?>)[endpoint.Request, endpoint.Response])
            {
                if (body is not null && !Schemas.Any(s => s.Label == body.Type))
                {
                    throw new ArgumentException($"The endpoint {endpoint.Method} {endpoint.Route} names the type {body.Type}, which the set does not describe.", nameof(endpoints));
                }
            }
        }
    }

    /// <summary>The schemas, sorted by <see cref="PackSchema.Label"/>.</summary>
    public IReadOnlyList<PackSchema> Schemas { get; }

    /// <summary>The endpoints that read or write the set's types (docs/schema.md §5.3); empty for a set that is not served (<c>pack schema export</c>).</summary>
    public IReadOnlyList<PackSchemaEndpoint> Endpoints { get; }

    /// <summary>
    /// A fingerprint of the whole set, for an ETag (docs/schema.md §2.4): of the contract fingerprints of its schemas, in
    /// order, followed, when there are <see cref="Endpoints"/>, by the fingerprint of their canonical text.
    /// </summary>
    public string ContractFingerprint => contractFingerprint ??= PackSchema.Fingerprint(
        string.Join(",", Schemas.Select(s => s.ContractFingerprint)) + (Endpoints.Count == 0 ? string.Empty : "," + PackSchema.Fingerprint(EndpointsText!)));

    /// <summary>The canonical text of the <c>endpoints</c> array, or <see langword="null"/> when there are none.</summary>
    private string? EndpointsText => Endpoints.Count == 0 ? null : endpointsText ??= "[" + string.Join(",", Endpoints.Select(e => e.CanonicalText)) + "]";

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
        => SchemaText.WriteSet(Schemas.Select(s => (s.Label, s.WireFingerprint, (string?)s.ContractFingerprint, s.CanonicalText)), EndpointsText);

    /// <summary>Reads a schema set (with its <c>endpoints</c>, when it has them), or a single schema document (a set of one).</summary>
    /// <param name="json">The JSON text.</param>
    /// <exception cref="FormatException">Not a schema set or schema (not JSON, an object with two members of one name, or a rule of §1.5 broken), a recorded fingerprint does not match its schema, or two entries describe one root differently (§2.4).</exception>
    public static PackSchemaSet Parse(string json)
    {
        ArgumentNullException.ThrowIfNull(json);
        // A member given twice is an error (not "the last one wins"): two readers could otherwise disagree (§1.5).
        var node = StrictSchemaJson.Parse(json);

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
        var entryOfLabel = new Dictionary<string, (int Entry, PackSchema Schema)>(StringComparer.Ordinal);
        for (int i = 0; i < array.Count; i++)
        {
            if (array[i] is not JsonObject entry)
            {
                throw new FormatException($"schemas[{i}] is not an object");
            }

            PackSchema schema;
            try
            {
                schema = PackSchema.FromJson(entry["schema"]);
            }
            catch (FormatException exception)
            {
                // Named from the set, as the text's own rules name it (docs/schema.md §1.5): schemas[0].schema.types[2].
                throw new FormatException(exception.Message.StartsWith("types[", StringComparison.Ordinal)
                    ? $"schemas[{i}].schema.{exception.Message}"
                    : $"schemas[{i}].schema: {exception.Message}", exception);
            }

            string? wire = RecordedFingerprint(entry, "wire", i);
            string? contract = RecordedFingerprint(entry, "contract", i);
            if ((wire is not null && wire != schema.WireFingerprint) || (contract is not null && contract != schema.ContractFingerprint))
            {
                throw new FormatException($"the schema of {schema.Label} does not match its recorded fingerprints (wire {wire}, contract {contract}; computed {schema.WireFingerprint}, {schema.ContractFingerprint}): the file was edited or written by a different rulebook");
            }

            // One schema per root (§2.4): a reader of a set that described a root two ways could not tell which one a
            // lookup by label means, and two readers could keep different ones. The same schema twice (string[] and
            // List<string>) is one entry.
            if (!entryOfLabel.TryAdd(schema.Label, (i, schema)))
            {
                var first = entryOfLabel[schema.Label];
                if (first.Schema.ContractFingerprint != schema.ContractFingerprint)
                {
                    throw new FormatException($"schemas[{i}]: the root {schema.Label} is also described, differently, by schemas[{first.Entry}]; a set describes each root once");
                }

                continue;
            }

            schemas.Add(schema);
        }

        try
        {
            List<PackSchemaEndpoint> endpoints = node!["endpoints"] switch
            {
                null => [],
                JsonArray routes => PackSchemaEndpointReader.Read(routes),
                _ => throw new FormatException("\"endpoints\" must be an array"),
            };
            return new PackSchemaSet(schemas, endpoints);
        }
        catch (ArgumentException exception)
        {
            throw new FormatException(exception.Message, exception);
        }
    }

    private static string? RecordedFingerprint(JsonObject entry, string name, int index) => entry[name] switch
    {
        null => null,
        JsonValue value when value.TryGetValue(out string? text) => text,
        _ => throw new FormatException($"schemas[{index}].{name} must be a string"),
    };
}
