namespace Pack.Formatters.Hashing;

/// <summary>Two-item tuple keys, compared and hashed item by item.</summary>
/// <typeparam name="T1">The first item's type.</typeparam>
/// <typeparam name="T2">The second item's type.</typeparam>
/// <param name="first">The comparer for the first item.</param>
/// <param name="second">The comparer for the second item.</param>
internal sealed class ValueTupleKeyComparer<T1, T2>(IEqualityComparer<T1> first, IEqualityComparer<T2> second) : IEqualityComparer<(T1, T2)>
{
    public bool Equals((T1, T2) x, (T1, T2) y) => first.Equals(x.Item1, y.Item1) && second.Equals(x.Item2, y.Item2);

    public int GetHashCode((T1, T2) obj)
        => HashCode.Combine(obj.Item1 is null ? 0 : first.GetHashCode(obj.Item1), obj.Item2 is null ? 0 : second.GetHashCode(obj.Item2));
}
