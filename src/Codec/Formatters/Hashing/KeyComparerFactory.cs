using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack.Formatters.Hashing;

/// <summary>Builds the collision-resistant comparer for a key type, once per type.</summary>
internal static class KeyComparerFactory
{
    /// <summary>The comparer for <typeparamref name="T"/>, or <see langword="null"/> for the default one.</summary>
    /// <remarks>
    /// The scalar keys are covered without reflection. Nullable, tuple and key/value-pair keys need generic types built
    /// at run time, so without dynamic code (Native AOT) they keep the default comparer: equality is the same, only the
    /// hashing is not randomized.
    /// </remarks>
    /// <typeparam name="T">The key type.</typeparam>
    public static IEqualityComparer<T>? Create<T>()
    {
        if (IsBitwiseEquatable(typeof(T)))
        {
            return new BitwiseKeyComparer<T>();
        }

        if (CreateScalar(typeof(T)) is { } scalar)
        {
            return (IEqualityComparer<T>)scalar;
        }

        return PackSerializer.IsDynamicFallbackEnabled ? CreateComposite<T>() : null;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The comparers are built over the key's own generic arguments, which the key type already keeps; and only when PackSerializer.IsReflectionEnabledByDefault is true.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only reached when RuntimeFeature.IsDynamicCodeSupported is true; Native AOT compiles this path away.")]
    private static IEqualityComparer<T>? CreateComposite<T>() => (IEqualityComparer<T>?)Create(typeof(T));

    private static object? CreateScalar(Type type)
    {
        if (type == typeof(double))
        {
            return new DoubleKeyComparer();
        }

        if (type == typeof(float))
        {
            return new SingleKeyComparer();
        }

        if (type == typeof(Half))
        {
            return new HalfKeyComparer();
        }

        if (type == typeof(decimal))
        {
            return new DecimalKeyComparer();
        }

        if (type == typeof(DateTime))
        {
            return new DateTimeKeyComparer();
        }

        if (type == typeof(DateTimeOffset))
        {
            return new DateTimeOffsetKeyComparer();
        }

        return null;
    }

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static object? Create(Type type)
    {
        if (CreateScalar(type) is { } scalar)
        {
            return scalar;
        }

        if (IsBitwiseEquatable(type))
        {
            return Activator.CreateInstance(typeof(BitwiseKeyComparer<>).MakeGenericType(type));
        }

        if (!type.IsGenericType || !RuntimeFeature.IsDynamicCodeSupported)
        {
            // Composite keys (nullable, KeyValuePair, ValueTuple) need their comparer built at run time; without
            // run-time code (Native AOT) they keep .NET's default hashing.
            return null;
        }

        var definition = type.GetGenericTypeDefinition();
        var arguments = type.GetGenericArguments();
        if (definition == typeof(Nullable<>))
        {
            return Create(arguments[0]) is { } inner
                ? Activator.CreateInstance(typeof(NullableKeyComparer<>).MakeGenericType(arguments), inner)
                : null;
        }

        // KeyValuePair and the common 2- and 3-item value tuples have hand-written comparers (no delegate call per item);
        // every other tuple, of either kind and any arity, is composed from its items' comparers (TupleKeyComparer),
        // recursively: a Rest or a tuple item gets the comparer built here for its own type.
        var composite = definition == typeof(KeyValuePair<,>) ? typeof(KeyValuePairKeyComparer<,>)
            : definition == typeof(ValueTuple<,>) ? typeof(ValueTupleKeyComparer<,>)
            : definition == typeof(ValueTuple<,,>) ? typeof(ValueTupleKeyComparer<,,>)
            : null;
        if (composite is null && !TupleKeyComparer.IsTuple(definition))
        {
            return null;
        }

        // A composite is only worth it when a component is protected; a string component already is, by .NET.
        var components = new object?[arguments.Length];
        bool protects = false;
        for (int i = 0; i < arguments.Length; i++)
        {
            components[i] = Create(arguments[i]);
            protects |= components[i] is not null || arguments[i] == typeof(string);
        }

        if (!protects)
        {
            return null;
        }

        for (int i = 0; i < arguments.Length; i++)
        {
            components[i] ??= typeof(EqualityComparer<>).MakeGenericType(arguments[i]).GetProperty(nameof(EqualityComparer<int>.Default))!.GetValue(null);
        }

        return composite is null
            ? TupleKeyComparer.Create(type, components!)
            : Activator.CreateInstance(composite.MakeGenericType(arguments), components);
    }

    /// <summary>Types whose default equality is equality of their bytes, so hashing the bytes agrees with it.</summary>
    public static bool IsBitwiseEquatable(Type type)
        => type.IsEnum
            || type == typeof(int) || type == typeof(uint) || type == typeof(long) || type == typeof(ulong)
            || type == typeof(short) || type == typeof(ushort) || type == typeof(byte) || type == typeof(sbyte)
            || type == typeof(char) || type == typeof(bool) || type == typeof(nint) || type == typeof(nuint)
            || type == typeof(Int128) || type == typeof(UInt128) || type == typeof(Guid)
            || type == typeof(TimeSpan) || type == typeof(DateOnly) || type == typeof(TimeOnly);

    /// <summary>Hashes the bytes of <paramref name="value"/> with the process's random seed.</summary>
    /// <remarks>The common sizes are one <see cref="HashCode.Combine{T1}(T1)"/> call on whole ints (the size is a JIT-time constant, so the other branches vanish).</remarks>
    /// <typeparam name="T">An unmanaged type (checked by the callers, not by a constraint, see <see cref="BitwiseKeyComparer{T}"/>).</typeparam>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int HashBytes<T>(in T value)
    {
        ref byte bytes = ref Unsafe.As<T, byte>(ref Unsafe.AsRef(in value));
        if (Unsafe.SizeOf<T>() == 1)
        {
            return HashCode.Combine(bytes);
        }

        if (Unsafe.SizeOf<T>() == 2)
        {
            return HashCode.Combine(Unsafe.ReadUnaligned<ushort>(ref bytes));
        }

        if (Unsafe.SizeOf<T>() == 4)
        {
            return HashCode.Combine(Unsafe.ReadUnaligned<int>(ref bytes));
        }

        if (Unsafe.SizeOf<T>() == 8)
        {
            return HashCode.Combine(Unsafe.ReadUnaligned<int>(ref bytes), Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref bytes, 4)));
        }

        if (Unsafe.SizeOf<T>() == 16)
        {
            return HashCode.Combine(
                Unsafe.ReadUnaligned<int>(ref bytes),
                Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref bytes, 4)),
                Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref bytes, 8)),
                Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref bytes, 12)));
        }

        var hash = default(HashCode);
        hash.AddBytes(MemoryMarshal.CreateReadOnlySpan(ref bytes, Unsafe.SizeOf<T>()));
        return hash.ToHashCode();
    }
}
