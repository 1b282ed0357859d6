namespace Pack.Formatters.Hashing;

/// <summary>Keys whose equality is equality of their bytes (integers, enums, <see cref="Guid"/>, ...): every byte is hashed with the process's seed.</summary>
/// <typeparam name="T">The key type.</typeparam>
/// <remarks>Unconstrained so that <see cref="KeyComparer{T}"/> can create it without reflection (Native AOT); only bitwise-equatable value types reach it.</remarks>
internal sealed class BitwiseKeyComparer<T> : IEqualityComparer<T>
{
    public bool Equals(T? x, T? y) => EqualityComparer<T>.Default.Equals(x, y);

    public int GetHashCode(T obj) => KeyComparerFactory.HashBytes(in obj);
}
