namespace Pack.Formatters.Hashing;

/// <summary><see cref="float"/> keys: +0 and -0 are equal, and so are all NaNs, so both are hashed in one form.</summary>
internal sealed class SingleKeyComparer : IEqualityComparer<float>
{
    public bool Equals(float x, float y) => x.Equals(y);

    public int GetHashCode(float obj)
    {
        float canonical = float.IsNaN(obj) ? float.NaN : obj == 0 ? 0f : obj;
        return KeyComparerFactory.HashBytes(in canonical);
    }
}
