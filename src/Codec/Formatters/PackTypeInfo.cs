using Pack.Formatters.Objects;

namespace Pack.Formatters;

/// <summary>Per-type layout facts, computed once.</summary>
/// <typeparam name="T">The type.</typeparam>
internal static class PackTypeInfo<T>
{
    /// <summary>Whether <typeparamref name="T"/>'s memory image is its wire form (little-endian hosts only).</summary>
    public static readonly bool IsBlittable = TypeLayout.IsBlittable(typeof(T));
}
