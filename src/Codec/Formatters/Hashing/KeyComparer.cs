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
    public static readonly IEqualityComparer<T>? CollisionResistant = KeyComparerFactory.Create<T>();

    /// <summary>
    /// Whether the default comparer of <typeparamref name="T"/> can run user code that allocates (your own type's
    /// <see cref="object.Equals(object?)"/> and <see cref="object.GetHashCode"/>, or the runtime's field-by-field equality
    /// of a struct, which boxes), so that adding a key is measured for the allocation budget (wire format §12).
    /// </summary>
    public static readonly bool DefaultRunsUserCode = ContainsUserType(typeof(T))
        || (typeof(T).IsValueType && !typeof(T).IsEnum && Nullable.GetUnderlyingType(typeof(T)) is null && !typeof(IEquatable<T>).IsAssignableFrom(typeof(T)));

    /// <summary>Whether adding a key under <paramref name="options"/> can run allocating user code (see <see cref="DefaultRunsUserCode"/>).</summary>
    /// <param name="options">The read's options.</param>
    public static bool RunsUserCode(PackSerializerOptions options)
        => DefaultRunsUserCode && !(options.UseCollisionResistantHashing && CollisionResistant is not null);

    /// <summary>The comparer to build a set or dictionary with under <paramref name="options"/>.</summary>
    /// <param name="options">The read's options.</param>
    public static IEqualityComparer<T>? For(PackSerializerOptions options)
        => options.UseCollisionResistantHashing ? CollisionResistant : null;

    private static bool ContainsUserType(Type type)
    {
        if (type.IsEnum)
        {
            return false;
        }

        if (type.IsArray)
        {
            return ContainsUserType(type.GetElementType()!);
        }

        if (type.Assembly != typeof(object).Assembly)
        {
            return true;
        }

        if (type.IsGenericType)
        {
            foreach (var argument in type.GetGenericArguments())
            {
                if (ContainsUserType(argument))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
