namespace Pack.Formatters.Hashing;

/// <summary>
/// Picks the comparer that sets and dictionaries of <typeparamref name="T"/> are built with when they are read: one whose
/// hash codes an attacker cannot predict (they mix every bit of the key with a per-process random seed, see
/// <see cref="HashCode"/>), with equality unchanged. <see langword="null"/> means the default comparer.
/// </summary>
/// <typeparam name="T">The key or element type.</typeparam>
internal static class KeyComparer<T>
{
    /// <summary>The collision-resistant comparer, or <see langword="null"/> where the default is already safe (strings) or none is known (your own types).</summary>
    public static readonly IEqualityComparer<T>? CollisionResistant = FirstUseAllocation.Measure(static () => KeyComparerFactory.Create<T>());

    /// <summary>The comparer to build a set or dictionary with under <paramref name="options"/>.</summary>
    /// <param name="options">The read's options.</param>
    public static IEqualityComparer<T>? For(PackSerializerOptions options)
        => options.UseCollisionResistantHashing ? CollisionResistant : null;
}
