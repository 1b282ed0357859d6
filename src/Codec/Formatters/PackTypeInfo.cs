using System.Runtime.CompilerServices;
using Pack.Formatters.Objects;

namespace Pack.Formatters;

/// <summary>Per-type layout facts, computed once.</summary>
/// <typeparam name="T">The type.</typeparam>
internal static class PackTypeInfo<T>
{
    /// <summary>Whether <typeparamref name="T"/>'s memory image is its wire form (little-endian hosts only).</summary>
    public static readonly bool IsBlittable = TypeLayout.IsBlittable(typeof(T));

    /// <summary>
    /// The element size when <typeparamref name="T"/> is a single-dimensional array of blittable elements (written as
    /// its count and one memory copy), otherwise 0. Kept beside <see cref="IsBlittable"/> so the top-level entry points
    /// test both with one look-up of this class's statics.
    /// </summary>
    public static readonly int BlittableArrayElementSize = ComputeBlittableArrayElementSize();

    private static int ComputeBlittableArrayElementSize()
    {
        var type = typeof(T);
        if (!type.IsSZArray || type.GetElementType() is not { } element || !TypeLayout.IsBlittable(element))
        {
            return 0;
        }

        return RuntimeHelpers.SizeOf(element.TypeHandle);
    }
}
