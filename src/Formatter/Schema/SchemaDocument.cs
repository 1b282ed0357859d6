using System.Text;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>A schema set as <c>MapPackSchema</c> serves it: the JSON body, its ETag and the wire fingerprints it holds.</summary>
internal sealed class SchemaDocument
{
    private SchemaDocument(PackSchemaSet set)
    {
        Set = set;
        Body = Encoding.UTF8.GetBytes(set.ToJsonString());
        ETag = $"\"{set.ContractFingerprint}\"";
        var wire = new HashSet<string>(StringComparer.Ordinal);
        foreach (var schema in set.Schemas)
        {
            wire.Add(schema.WireFingerprint);
        }

        WireFingerprints = wire;
    }

    public PackSchemaSet Set { get; }

    public byte[] Body { get; }

    public string ETag { get; }

    public IReadOnlySet<string> WireFingerprints { get; }

    public static SchemaDocument Of(PackSchemaSet set) => new(set);
}
