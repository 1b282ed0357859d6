namespace Pack.Formatters.Hashing;

/// <summary><see cref="DateTime"/> keys are equal by their ticks whatever their <see cref="DateTime.Kind"/>, so only the ticks are hashed.</summary>
internal sealed class DateTimeKeyComparer : IEqualityComparer<DateTime>
{
    public bool Equals(DateTime x, DateTime y) => x.Equals(y);

    public int GetHashCode(DateTime obj)
    {
        long ticks = obj.Ticks;
        return KeyComparerFactory.HashBytes(in ticks);
    }
}
