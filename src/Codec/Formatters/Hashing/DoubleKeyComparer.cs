namespace Pack.Formatters.Hashing;

/// <summary><see cref="double"/> keys: +0 and -0 are equal, and so are all NaNs, so both are hashed in one form.</summary>
internal sealed class DoubleKeyComparer : IEqualityComparer<double>
{
    public bool Equals(double x, double y) => x.Equals(y);

    public int GetHashCode(double obj)
    {
        double canonical = double.IsNaN(obj) ? double.NaN : obj == 0 ? 0d : obj;
        return KeyComparerFactory.HashBytes(in canonical);
    }
}
