namespace Pack.Formatters.Hashing;

/// <summary><see cref="decimal"/> keys are equal by value (1.5 equals 1.50, 0 equals -0), so the scale's trailing zeros and the sign of zero are removed before hashing.</summary>
internal sealed class DecimalKeyComparer : IEqualityComparer<decimal>
{
    // Dividing by one gives the exact quotient at the smallest scale that holds it: the value without trailing zeros.
    private const decimal One = 1.0000000000000000000000000000m;

    public bool Equals(decimal x, decimal y) => x.Equals(y);

    public int GetHashCode(decimal obj)
    {
        decimal canonical = obj == 0m ? 0m : obj / One;
        return KeyComparerFactory.HashBytes(in canonical);
    }
}
