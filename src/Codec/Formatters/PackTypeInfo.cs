using System.Runtime.CompilerServices;
using Pack.Formatters.Collections;
using Pack.Formatters.Objects;

namespace Pack.Formatters;

/// <summary>Per-type layout facts, computed once.</summary>
/// <typeparam name="T">The type.</typeparam>
internal static class PackTypeInfo<T>
{
    /// <summary>Whether <typeparamref name="T"/>'s memory image is its wire form (little-endian hosts only).</summary>
    public static readonly bool IsBlittable = ComputeIsBlittable();

    /// <summary>
    /// The element size when <typeparamref name="T"/> is a single-dimensional array of blittable elements (written as
    /// its count and one memory copy), otherwise 0. Kept beside <see cref="IsBlittable"/> so the top-level entry points
    /// test both with one look-up of this class's statics.
    /// </summary>
    public static readonly int BlittableArrayElementSize = ComputeBlittableArrayElementSize();

    private static bool ComputeIsBlittable()
    {
        // A struct with a registered (source-generated) formatter says itself, checked without reflection: otherwise the
        // first use of a struct would build the reflection contract and emit the offset probes that TypeLayout needs,
        // the only such work in a process whose other types all have generated formatters.
        if (typeof(T).IsValueType && !typeof(T).IsPrimitive && !typeof(T).IsEnum
            && PackFormatterResolvers.Current.Length != 0
            && PackFormatterResolvers.Find<T>() is PackBufferWriterFormatter<T> { HasBlittableLayout: { } known })
        {
            return known;
        }

        return TypeLayout.IsBlittable(typeof(T));
    }

    private static int ComputeBlittableArrayElementSize()
    {
        var type = typeof(T);
        if (!type.IsSZArray)
        {
            return 0;
        }

        // A registered array formatter knows its element type statically, hence the element's PackTypeInfo (above).
        if (PackFormatterResolvers.Current.Length != 0 && PackFormatterResolvers.Find<T>() is IBlittableElements elements)
        {
            return elements.BlittableElementSize;
        }

        if (type.GetElementType() is not { } element || !TypeLayout.IsBlittable(element))
        {
            return 0;
        }

        return RuntimeHelpers.SizeOf(element.TypeHandle);
    }
}
