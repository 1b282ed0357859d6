using Pack.Schema;

namespace Pack.Samples.WebApi.Shipments;

/// <summary>
/// The <see cref="Contracts.Shipment"/> contracts the sample's clients are built with (version 1, the previous one, and
/// version 2, the current one), as their builds exported them (<c>ClientSchemas/shipment-v*.json</c>, schema sets of
/// docs/schema.md §2.4, embedded in this assembly). Every replica knows them up front
/// (<see cref="PackFormatterOptions.KnownClientSchemas"/>), so a Pack request body of either version is checked without
/// a registration, whichever replica the proxy sends it to (docs/schema.md §5.2: registrations are per process): a
/// compatible one is read, an incompatible one (the contract-breaking replica of the rolling profile receiving a
/// version-2 body) is answered 409 with the violations instead of being misread.
/// </summary>
public static class ShipmentClientSchemas
{
    /// <summary>The names of the embedded files, oldest version first.</summary>
    public static IReadOnlyList<string> Files { get; } = ["shipment-v1.json", "shipment-v2.json"];

    /// <summary>Reads the embedded schema sets and returns their schemas, oldest version first.</summary>
    public static IReadOnlyList<PackSchema> Load()
    {
        var schemas = new List<PackSchema>();
        foreach (string file in Files)
        {
            using Stream stream = typeof(ShipmentClientSchemas).Assembly.GetManifestResourceStream($"ClientSchemas/{file}")
                ?? throw new InvalidOperationException($"The embedded client schema '{file}' is missing.");
            using var reader = new StreamReader(stream);
            schemas.AddRange(PackSchemaSet.Parse(reader.ReadToEnd()).Schemas);
        }

        return schemas;
    }
}
