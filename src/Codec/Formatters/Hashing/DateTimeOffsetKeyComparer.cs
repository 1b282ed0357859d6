namespace Pack.Formatters.Hashing;

/// <summary><see cref="DateTimeOffset"/> keys are equal when they are the same instant whatever their offsets, so the UTC ticks are hashed.</summary>
internal sealed class DateTimeOffsetKeyComparer : IEqualityComparer<DateTimeOffset>
{
    public bool Equals(DateTimeOffset x, DateTimeOffset y) => x.Equals(y);

    public int GetHashCode(DateTimeOffset obj)
    {
        long ticks = obj.UtcTicks;
        return KeyComparerFactory.HashBytes(in ticks);
    }
}
