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
        WireFingerprint = PackCacheEntryFormat.ParseFingerprint(schema.WireFingerprint);
        SchemaUtf8 = Encoding.UTF8.GetBytes(schema.CanonicalText);
        Prefix = PackCacheEntryFormat.CreatePrefix(WireFingerprint, SchemaUtf8);
    }

    /// <summary>The wire fingerprint (docs/schema.md §2.3) as the 8 bytes of the entry header.</summary>
    public ulong WireFingerprint { get; }

    /// <summary>The canonical text of the schema's contract form (docs/schema.md §2.1), UTF-8.</summary>
    public byte[] SchemaUtf8 { get; }

    /// <summary>The header and the schema: the first bytes of every entry this type writes.</summary>
    public byte[] Prefix { get; }

    /// <summary>The contract of <paramref name="type"/>, or <see langword="null"/> when its schema is not known (then Pack does not cache it).</summary>
    public static CacheContract? For(Type type) =>
        PackSchema.TryGet(type, options: null, out var schema) ? new CacheContract(schema) : null;

    /// <summary>
    /// Whether an entry whose header says <paramref name="wireFingerprint"/> and whose schema is <paramref name="writerSchemaUtf8"/>
    /// (not this type's own) is read: <see cref="CacheEntryOutcome.CompatibleHit"/>, <see cref="CacheEntryOutcome.Incompatible"/>
    /// or <see cref="CacheEntryOutcome.Corrupt"/> (a schema that is not one, or whose wire fingerprint is not the header's).
    /// The verdict on a schema is remembered, so a process pays for the check once per other writer.
    /// </summary>
    public CacheEntryOutcome CheckWriter(ulong wireFingerprint, ReadOnlySpan<byte> writerSchemaUtf8, out string? reason)
    {
        var verdicts = _verdicts;
        for (int i = 0; i < verdicts.Length; i++)
        {
            if (Volatile.Read(ref verdicts[i]) is { } known && known.WireFingerprint == wireFingerprint && writerSchemaUtf8.SequenceEqual(known.SchemaUtf8))
            {
                reason = known.Reason;
                return known.Outcome;
            }
        }

        var outcome = Check(wireFingerprint, writerSchemaUtf8, out reason);
        var verdict = new Verdict(wireFingerprint, writerSchemaUtf8.ToArray(), outcome, reason);
        Volatile.Write(ref verdicts[(Interlocked.Increment(ref _nextVerdict) & int.MaxValue) % verdicts.Length], verdict);
        return outcome;
    }

    private CacheEntryOutcome Check(ulong wireFingerprint, ReadOnlySpan<byte> writerSchemaUtf8, out string? reason)
    {
        PackSchema writer;
        try
        {
            writer = PackSchema.Parse(new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(writerSchemaUtf8));
        }
        catch (Exception exception) when (exception is FormatException or ArgumentException)
        {
            // DecoderFallbackException is an ArgumentException: bytes that are not UTF-8 are not a schema either.
            reason = $"the entry's schema is not a Pack schema: {exception.Message}";
            return CacheEntryOutcome.Corrupt;
        }

        if (PackCacheEntryFormat.ParseFingerprint(writer.WireFingerprint) != wireFingerprint)
        {
            reason = $"the entry's header says wire fingerprint {PackCacheEntryFormat.FormatFingerprint(wireFingerprint)}, its schema has {writer.WireFingerprint}";
            return CacheEntryOutcome.Corrupt;
        }

        var violations = PackSchema.CheckCompatibility(_schema, writer);
        if (violations.Count == 0)
        {
            reason = null;
            return CacheEntryOutcome.CompatibleHit;
        }

        reason = $"written by {writer.Label} ({writer.WireFingerprint}), which this reader ({_schema.WireFingerprint}) would misread: {string.Join("; ", violations.Take(3))}{(violations.Count > 3 ? $" (and {violations.Count - 3} more)" : "")}";
        return CacheEntryOutcome.Incompatible;
    }

    private sealed record Verdict(ulong WireFingerprint, byte[] SchemaUtf8, CacheEntryOutcome Outcome, string? Reason);
}
