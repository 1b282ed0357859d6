using System.Diagnostics.CodeAnalysis;

namespace Pack.Formatters.Hashing;

/// <summary>Keys whose equality is equality of their bytes (integers, enums, <see cref="Guid"/>, ...): every byte is hashed with the process's seed.</summary>
/// <typeparam name="T">The key type: an unmanaged type whose equality is bitwise (see <see cref="KeyComparerFactory"/>), which is checked
/// when the comparer is chosen rather than by a constraint, so that <see cref="KeyComparer{T}"/> can create it without reflection.</typeparam>
internal sealed class BitwiseKeyComparer<T> : IEqualityComparer<T>
{
    public bool Equals(T? x, T? y) => EqualityComparer<T>.Default.Equals(x, y);

    public int GetHashCode([DisallowNull] T obj) => KeyComparerFactory.HashBytes(in obj);
}
