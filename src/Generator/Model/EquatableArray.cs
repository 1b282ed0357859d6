using System;
using System.Collections;
using System.Collections.Generic;

namespace Pack.Generator.Model;

/// <summary>
/// An immutable array compared by its elements, so that a model holding one is equal to the previous run's when nothing
/// it describes changed and the incremental pipeline stops there (an <c>ImmutableArray</c> compares by reference).
/// </summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IReadOnlyList<T>
    where T : IEquatable<T>
{
    private readonly T[]? _items;

    public EquatableArray(T[] items) => _items = items;

    public EquatableArray(List<T> items) => _items = items.ToArray();

    public static EquatableArray<T> Empty => default;

    public int Count => _items?.Length ?? 0;

    public T this[int index] => (_items ?? throw new ArgumentOutOfRangeException(nameof(index)))[index];

    public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

    public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);

    public bool Equals(EquatableArray<T> other)
    {
        var left = _items ?? Array.Empty<T>();
        var right = other._items ?? Array.Empty<T>();
        if (left.Length != right.Length)
        {
            return false;
        }

        var comparer = EqualityComparer<T>.Default;
        for (int i = 0; i < left.Length; i++)
        {
            if (!comparer.Equals(left[i], right[i]))
            {
                return false;
            }
        }

        return true;
    }

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        int hash = 17;
        if (_items is not null)
        {
            var comparer = EqualityComparer<T>.Default;
            foreach (var item in _items)
            {
                hash = unchecked((hash * 31) + (item is null ? 0 : comparer.GetHashCode(item)));
            }
        }

        return hash;
    }

    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)(_items ?? Array.Empty<T>())).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
