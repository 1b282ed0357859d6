using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace Pack.Formatters.Objects;

/// <summary>
/// Which types have a fixed wire length (no header, members back to back) and which are blittable (their memory image
/// equals their wire form, so arrays of them are one memory copy), cached per type. The rules are
/// <see cref="LayoutRules"/>'s, shared with the source generator; <see cref="ReflectionLayoutAdapter"/> supplies the facts.
/// </summary>
internal static class TypeLayout
{
    private static readonly ConcurrentDictionary<Type, int> FixedLengths = new();
    private static readonly ConcurrentDictionary<Type, bool> Blittables = new();

    /// <summary>The fixed wire length of <paramref name="type"/>, or -1 when its length varies.</summary>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static int GetFixedLength(Type type) => FixedLengths.GetOrAdd(type, ComputeFixedLength);

    /// <summary>Whether values of <paramref name="type"/> can be copied to and from the wire as raw memory.</summary>
    public static bool IsBlittable(Type type) => Blittables.GetOrAdd(type, ComputeBlittable);

    /// <summary>An estimate of the heap size of one instance of the class <paramref name="type"/>: object header, method table and every instance field, 8-byte aligned.</summary>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static long InstanceSize(Type type)
    {
        long size = 2 * IntPtr.Size;
        for (var current = type; current is not null && current != typeof(object); current = current.BaseType)
        {
            foreach (var field in current.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                size += field.FieldType.IsValueType ? RuntimeHelpers.SizeOf(field.FieldType.TypeHandle) : IntPtr.Size;
            }
        }

        return Math.Max(24, (size + 7) & ~7L);
    }

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "The fixed length reads the contract only (ObjectContract, reflection); the adapter's IL emission (OffsetOf) runs only for blittability, behind IsDynamicCodeSupported.")]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static int ComputeFixedLength(Type type) => LayoutRules.FixedLength(ReflectionLayoutAdapter.Instance, type);

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Blittable scalars are decided by name; a struct's contract is read only when PackFormatterFactory.IsDynamicCodeSupported, so PackSerializer.IsReflectionEnabledByDefault, is true: trimmed apps turn that feature switch off, which removes this path.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "A struct's layout is measured only when RuntimeFeature.IsDynamicCodeSupported is true; Native AOT compiles this path away.")]
    private static bool ComputeBlittable(Type type)
    {
        if (!BitConverter.IsLittleEndian)
        {
            return false; // The wire is little-endian; big-endian hosts take the member-by-member path.
        }

        var adapter = ReflectionLayoutAdapter.Instance;
        if (LayoutRules.IsBlittableScalar(adapter, type))
        {
            return true;
        }

        // Without the run-time path a struct is written member by member instead: the same bytes, since a blittable
        // struct's memory image is by definition its fixed-length, headerless member encoding.
        return PackFormatterFactory.IsDynamicCodeSupported && LayoutRules.Decide(adapter, type) == BlittableLayout.Candidate;
    }
}
