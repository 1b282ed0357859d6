namespace Pack.Formatters.Hashing;

/// <summary><see cref="KeyValuePair{TKey, TValue}"/> keys, compared and hashed member by member.</summary>
/// <typeparam name="TKey">The pair's key type.</typeparam>
/// <typeparam name="TValue">The pair's value type.</typeparam>
/// <param name="key">The comparer for the key.</param>
/// <param name="value">The comparer for the value.</param>
internal sealed class KeyValuePairKeyComparer<TKey, TValue>(IEqualityComparer<TKey> key, IEqualityComparer<TValue> value) : IEqualityComparer<KeyValuePair<TKey, TValue>>
{
    public bool Equals(KeyValuePair<TKey, TValue> x, KeyValuePair<TKey, TValue> y)
        => key.Equals(x.Key, y.Key) && value.Equals(x.Value, y.Value);

    public int GetHashCode(KeyValuePair<TKey, TValue> obj)
        => HashCode.Combine(obj.Key is null ? 0 : key.GetHashCode(obj.Key), obj.Value is null ? 0 : value.GetHashCode(obj.Value));
}
