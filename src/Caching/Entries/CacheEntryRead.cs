namespace Pack.Caching;

/// <summary>The result of reading one stored entry: the outcome, the value on a hit, and why on a refusal.</summary>
/// <typeparam name="T">The type read.</typeparam>
internal readonly struct CacheEntryRead<T>
{
    private CacheEntryRead(CacheEntryOutcome outcome, T? value, string? reason)
    {
        Outcome = outcome;
        Value = value;
        Reason = reason;
    }

    public CacheEntryOutcome Outcome { get; }

    /// <summary>The value, on <see cref="CacheEntryOutcome.Hit"/> and <see cref="CacheEntryOutcome.CompatibleHit"/>.</summary>
    public T? Value { get; }

    /// <summary>Why the entry was refused (for the log line), or <see langword="null"/> on a hit.</summary>
    public string? Reason { get; }

    public bool IsHit => Outcome is CacheEntryOutcome.Hit or CacheEntryOutcome.CompatibleHit;

    public static CacheEntryRead<T> Read(T? value, bool direct) => new(direct ? CacheEntryOutcome.Hit : CacheEntryOutcome.CompatibleHit, value, null);

    public static CacheEntryRead<T> Refused(CacheEntryOutcome outcome, string reason) => new(outcome, default, reason);
}
