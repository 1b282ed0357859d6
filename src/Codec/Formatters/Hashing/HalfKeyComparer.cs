namespace Pack.Formatters.Hashing;

/// <summary><see cref="Half"/> keys: +0 and -0 are equal, and so are all NaNs, so both are hashed in one form.</summary>
internal sealed class HalfKeyComparer : IEqualityComparer<Half>
{
    public bool Equals(Half x, Half y) => x.Equals(y);

    public int GetHashCode(Half obj)
    {
        Half canonical = Half.IsNaN(obj) ? Half.NaN : obj == Half.Zero ? Half.Zero : obj;
        return KeyComparerFactory.HashBytes(in canonical);
    }
}
