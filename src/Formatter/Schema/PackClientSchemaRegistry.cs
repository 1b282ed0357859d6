using System.Collections.Concurrent;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// The client (writer) schemas a server knows, by wire fingerprint, and the verdicts of checking them against the
/// endpoints' types (docs/schema.md §5.2). Schemas configured in <see cref="PackFormatterOptions.KnownClientSchemas"/>
/// stay; registered ones and the verdicts are bounded by <see cref="PackFormatterOptions.MaxRegisteredClientSchemas"/>
/// and forgotten together when a registration would pass the bound.
/// </summary>
internal sealed class PackClientSchemaRegistry(PackFormatterOptions options)
{
    private readonly ConcurrentDictionary<string, PackSchema> _registered = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<(Type Reader, string Writer), IReadOnlyList<PackSchemaViolation>> _verdicts = new();
    private Dictionary<string, PackSchema>? _known;

    /// <summary>The path of the registration endpoint, set by <c>MapPackSchema()</c>; <see langword="null"/> when the app has none.</summary>
    public string? RegistrationPath { get; set; }

    /// <summary>Remembers the wire form of a client's schema under its wire fingerprint, which this method computes.</summary>
    /// <param name="schema">The schema as the client sent it.</param>
    /// <returns>The wire fingerprint.</returns>
    public string Register(PackSchema schema)
    {
        string fingerprint = schema.WireFingerprint;
        if (Known.ContainsKey(fingerprint) || _registered.ContainsKey(fingerprint))
        {
            return fingerprint;
        }

        if (_registered.Count >= options.MaxRegisteredClientSchemas)
        {
            // Forgetting everything keeps the bound without bookkeeping on the read path; legitimate clients register again.
            _registered.Clear();
            _verdicts.Clear();
        }

        _registered[fingerprint] = schema.ToWireForm();
        return fingerprint;
    }

    /// <summary>
    /// The violations of reading payloads of the writer schema <paramref name="writerFingerprint"/> as <paramref name="readerType"/>
    /// (empty: compatible), or <see langword="null"/> when the writer's schema is not known.
    /// </summary>
    public IReadOnlyList<PackSchemaViolation>? Verdict(Type readerType, PackSchema reader, string writerFingerprint)
    {
        if (_verdicts.TryGetValue((readerType, writerFingerprint), out var verdict))
        {
            return verdict;
        }

        if (!Known.TryGetValue(writerFingerprint, out var writer) && !_registered.TryGetValue(writerFingerprint, out writer))
        {
            return null;
        }

        verdict = PackSchema.CheckCompatibility(reader, writer);
        if (_verdicts.Count >= options.MaxRegisteredClientSchemas)
        {
            _verdicts.Clear();
        }

        _verdicts[(readerType, writerFingerprint)] = verdict;
        return verdict;
    }

    private Dictionary<string, PackSchema> Known => _known ?? Interlocked.CompareExchange(ref _known, BuildKnown(), null) ?? _known;

    private Dictionary<string, PackSchema> BuildKnown()
    {
        var known = new Dictionary<string, PackSchema>(StringComparer.Ordinal);
        foreach (var schema in options.KnownClientSchemas)
        {
            known.TryAdd(schema.WireFingerprint, schema.ToWireForm());
        }

        return known;
    }
}
