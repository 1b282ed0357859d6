namespace Pack.Formatters.Hashing;

/// <summary>Nullable keys (a set may hold one null): the value's collision-resistant hash, or 0 for null.</summary>
/// <typeparam name="T">The underlying type.</typeparam>
/// <param name="inner">The comparer for <typeparamref name="T"/>.</param>
internal sealed class NullableKeyComparer<T>(IEqualityComparer<T> inner) : IEqualityComparer<T?>
    where T : struct
{
    public bool Equals(T? x, T? y) => x.HasValue ? y.HasValue && inner.Equals(x.GetValueOrDefault(), y.GetValueOrDefault()) : !y.HasValue;

    public int GetHashCode(T? obj) => obj.HasValue ? inner.GetHashCode(obj.GetValueOrDefault()) : 0;
}
