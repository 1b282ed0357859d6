using System.Text;
using Pack.Schema;

namespace Pack.Client;

/// <summary>Whether a reader type can read what a writer fingerprint's contract writes, and if not, why (docs/schema.md §5.1, step 6).</summary>
internal sealed class SchemaVerdict(ReaderContract reader, string writerFingerprint, IReadOnlyList<PackSchemaViolation> violations)
{
    public bool IsCompatible => violations.Count == 0;

    public PackSchemaMismatchException CreateException() =>
        new(Describe(reader, writerFingerprint, violations), reader.Type, reader.Fingerprint!, writerFingerprint, violations, innerException: null);

    private static string Describe(ReaderContract reader, string writerFingerprint, IReadOnlyList<PackSchemaViolation> violations)
    {
        var message = new StringBuilder()
            .Append("The response was written with a contract (Pack-Schema ").Append(writerFingerprint)
            .Append(") that cannot be read as ").Append(reader.Type)
            .Append(" (Pack-Schema ").Append(reader.Fingerprint).Append("); nothing was read. ")
            .Append(violations.Count).Append(violations.Count == 1 ? " breaking change:" : " breaking changes:");
        foreach (var violation in violations)
        {
            message.Append("\n  ").Append(violation);
        }

        return message.ToString();
    }
}
