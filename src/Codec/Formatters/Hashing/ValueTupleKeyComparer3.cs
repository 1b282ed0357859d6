namespace Pack.Formatters.Hashing;

/// <summary>Three-item tuple keys, compared and hashed item by item.</summary>
/// <typeparam name="T1">The first item's type.</typeparam>
/// <typeparam name="T2">The second item's type.</typeparam>
/// <typeparam name="T3">The third item's type.</typeparam>
/// <param name="first">The comparer for the first item.</param>
/// <param name="second">The comparer for the second item.</param>
/// <param name="third">The comparer for the third item.</param>
internal sealed class ValueTupleKeyComparer<T1, T2, T3>(IEqualityComparer<T1> first, IEqualityComparer<T2> second, IEqualityComparer<T3> third) : IEqualityComparer<(T1, T2, T3)>
{
    public bool Equals((T1, T2, T3) x, (T1, T2, T3) y)
        => first.Equals(x.Item1, y.Item1) && second.Equals(x.Item2, y.Item2) && third.Equals(x.Item3, y.Item3);

    public int GetHashCode((T1, T2, T3) obj)
        => HashCode.Combine(
            obj.Item1 is null ? 0 : first.GetHashCode(obj.Item1),
            obj.Item2 is null ? 0 : second.GetHashCode(obj.Item2),
            obj.Item3 is null ? 0 : third.GetHashCode(obj.Item3));
}
