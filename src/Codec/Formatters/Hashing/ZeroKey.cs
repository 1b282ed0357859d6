using System.Runtime.CompilerServices;

namespace Pack.Formatters.Hashing;

/// <summary>
/// A zero dictionary key or set element of a floating-point type is +0.0, read and written (docs/wire-format.md §5.1,
/// zero keys): the key stands for its equality class, whose one representative other platforms' maps keep.
/// </summary>
internal static class ZeroKey
{
    /// <summary>Turns a −0.0 key of type <typeparamref name="T"/> (<see cref="Half"/>, <see cref="float"/>, <see cref="double"/> or a Nullable of one) into +0.0; the type tests fold away for every other key type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Canonical<T>(T key)
    {
        if (typeof(T) == typeof(double))
        {
            if (Unsafe.As<T, double>(ref key) == 0d)
            {
                Unsafe.As<T, double>(ref key) = 0d;
            }
        }
        else if (typeof(T) == typeof(float))
        {
            if (Unsafe.As<T, float>(ref key) == 0f)
            {
                Unsafe.As<T, float>(ref key) = 0f;
            }
        }
        else if (typeof(T) == typeof(Half))
        {
            if (Unsafe.As<T, Half>(ref key) == Half.Zero)
            {
                Unsafe.As<T, Half>(ref key) = Half.Zero;
            }
        }
        else if (typeof(T) == typeof(double?))
        {
            if (Unsafe.As<T, double?>(ref key) == 0d)
            {
                Unsafe.As<T, double?>(ref key) = 0d;
            }
        }
        else if (typeof(T) == typeof(float?))
        {
            if (Unsafe.As<T, float?>(ref key) == 0f)
            {
                Unsafe.As<T, float?>(ref key) = 0f;
            }
        }
        else if (typeof(T) == typeof(Half?))
        {
            if (Unsafe.As<T, Half?>(ref key) == Half.Zero)
            {
                Unsafe.As<T, Half?>(ref key) = Half.Zero;
            }
        }

        return key;
    }
}
