using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// A type the client reads with: its schema and wire fingerprint, built once, and the verdicts on the other fingerprints
/// it has met (docs/schema.md §5.1, steps 1 and 4).
/// </summary>
internal sealed class ReaderContract
{
    private static readonly ConcurrentDictionary<Type, ReaderContract> Contracts = new();

    // A fingerprint fixes the bytes, so a verdict never goes stale; a server cannot make this grow past the number of
    // fingerprints its schema endpoints serve, because only a served schema yields a verdict.
    private readonly ConcurrentDictionary<string, SchemaVerdict> _verdicts = new(StringComparer.Ordinal);

    private ReaderContract(Type type, PackSchema? schema)
    {
        Type = type;
        Schema = schema;
        Fingerprint = schema?.WireFingerprint;
    }

    public Type Type { get; }

    /// <summary>The schema, or <see langword="null"/> when it is not known (<see cref="TypeSchemas.Get"/>): then nothing is checked.</summary>
    public PackSchema? Schema { get; }

    /// <summary>The wire fingerprint of <see cref="Schema"/>.</summary>
    public string? Fingerprint { get; }

    /// <summary>The contract of <paramref name="type"/>, with the schema <see cref="TypeSchemas"/> finds for it.</summary>
    public static ReaderContract Get(Type type) =>
        Contracts.TryGetValue(type, out var known) ? known : Contracts.GetOrAdd(type, static t => new ReaderContract(t, TypeSchemas.Get(t)));

    public bool TryGetVerdict(string fingerprint, [NotNullWhen(true)] out SchemaVerdict? verdict) =>
        _verdicts.TryGetValue(fingerprint, out verdict);

    public SchemaVerdict AddVerdict(string fingerprint, IReadOnlyList<PackSchemaViolation> violations) =>
        _verdicts.GetOrAdd(fingerprint, new SchemaVerdict(this, fingerprint, violations));
}
