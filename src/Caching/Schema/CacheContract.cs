using System.Text;
using Pack.Schema;

namespace Pack.Caching;

/// <summary>
/// The contract of one cached type: its schema, the prefix every entry it writes starts with, and the verdicts on the
/// other writers' schemas met so far. This is the only file that uses the schema API (<see cref="PackSchema.TryGet"/> and
/// <see cref="PackSchema.Parse"/> from Pack, `PackSchema.CheckCompatibility` from Pack.Schema, docs/schema.md §3).
/// </summary>
internal sealed class CacheContract
{
    /// <summary>How many other writers' schemas a type remembers a verdict for; past that each is checked again when met.</summary>
    internal const int MaxRememberedWriters = 16;

    private readonly PackSchema _schema;
    private readonly Verdict?[] _verdicts = new Verdict?[MaxRememberedWriters];
    private int _nextVerdict;

    private CacheContract(PackSchema schema)
    {
        _schema = schema;
        ContractFingerprint = PackCacheEntryFormat.ParseFingerprint(schema.ContractFingerprint);
        SchemaUtf8 = Encoding.UTF8.GetBytes(schema.CanonicalText);
        Prefix = PackCacheEntryFormat.CreatePrefix(ContractFingerprint);
    }

    /// <summary>The contract fingerprint (docs/schema.md §2.3) as the 8 bytes of the entry header.</summary>
    public ulong ContractFingerprint { get; }

    /// <summary>The canonical text of the schema's contract form (docs/schema.md §2.1), UTF-8.</summary>
    public byte[] SchemaUtf8 { get; }

    /// <summary>The header: the first bytes of every entry this type writes.</summary>
    public byte[] Prefix { get; }

    /// <summary>The contract of <paramref name="type"/>, or <see langword="null"/> when its schema is not known (then Pack does not cache it).</summary>
    public static CacheContract? For(Type type) =>
        PackSchema.TryGet(type, options: null, out var schema) ? new CacheContract(schema) : null;

    /// <summary>
    /// Whether an entry written by the contract <paramref name="contractFingerprint"/> (not this type's own) is read
    /// (docs/caching.md §3): a remembered verdict first, else the writer's schema from <paramref name="store"/>; no store
    /// or no stored schema is <see cref="CacheEntryOutcome.Unknown"/>, a stored value that is not that contract's schema
    /// is <see cref="CacheEntryOutcome.Corrupt"/>. Only verdicts on a real schema are remembered, so a repaired store is seen.
    /// </summary>
    public CacheEntryOutcome Resolve(ulong contractFingerprint, PackSchemaStore? store, out string? reason)
    {
        var verdicts = _verdicts;
        for (int i = 0; i < verdicts.Length; i++)
        {
            if (Volatile.Read(ref verdicts[i]) is { } known && known.ContractFingerprint == contractFingerprint)
            {
                reason = known.Reason;
                return known.Outcome;
            }
        }

        string writer = PackCacheEntryFormat.FormatFingerprint(contractFingerprint);
        var schema = store?.Find(contractFingerprint);
        if (schema is null)
        {
            reason = store is null
                ? $"the entry was written by contract {writer} and there is no schema store to find its schema in"
                : $"the entry was written by contract {writer}, whose schema is not in the schema store (or the store did not answer)";
            return CacheEntryOutcome.Unknown;
        }

        if (schema.Length == 0 || schema.Length > PackCacheEntryFormat.MaxSchemaLength)
        {
            reason = $"the schema store holds {schema.Length} bytes for contract {writer}; a schema is 1 to {PackCacheEntryFormat.MaxSchemaLength}";
            return CacheEntryOutcome.Corrupt;
        }

        var outcome = Check(contractFingerprint, schema, out reason);
        if (outcome != CacheEntryOutcome.Corrupt)
        {
            Volatile.Write(ref verdicts[(Interlocked.Increment(ref _nextVerdict) & int.MaxValue) % verdicts.Length], new Verdict(contractFingerprint, outcome, reason));
        }

        return outcome;
    }

    private CacheEntryOutcome Check(ulong contractFingerprint, ReadOnlySpan<byte> writerSchemaUtf8, out string? reason)
    {
        PackSchema writer;
        try
        {
            writer = PackSchema.Parse(new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(writerSchemaUtf8));
        }
        catch (Exception exception) when (exception is FormatException or ArgumentException)
        {
            // DecoderFallbackException is an ArgumentException: bytes that are not UTF-8 are not a schema either.
            reason = $"the schema store's schema for the entry's contract is not a Pack schema: {exception.Message}";
            return CacheEntryOutcome.Corrupt;
        }

        if (PackCacheEntryFormat.ParseFingerprint(writer.ContractFingerprint) != contractFingerprint)
        {
            reason = $"the schema store's schema for contract {PackCacheEntryFormat.FormatFingerprint(contractFingerprint)} has contract fingerprint {writer.ContractFingerprint}";
            return CacheEntryOutcome.Corrupt;
        }

        var violations = PackSchema.CheckCompatibility(_schema, writer);
        if (violations.Count == 0)
        {
            reason = null;
            return CacheEntryOutcome.CompatibleHit;
        }

        reason = $"written by {writer.Label} ({writer.ContractFingerprint}), which this reader ({_schema.ContractFingerprint}) would misread: {string.Join("; ", violations.Take(3))}{(violations.Count > 3 ? $" (and {violations.Count - 3} more)" : "")}";
        return CacheEntryOutcome.Incompatible;
    }

    private sealed record Verdict(ulong ContractFingerprint, CacheEntryOutcome Outcome, string? Reason);
}
