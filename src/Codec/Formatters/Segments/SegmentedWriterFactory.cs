using System.Diagnostics.CodeAnalysis;
using Pack.Formatters.Objects;

namespace Pack.Formatters.Segments;

/// <summary>Decides, once per type, whether a payload has safe points to flush at, and builds its <see cref="SegmentedWriter{T}"/>.</summary>
internal static class SegmentedWriterFactory
{
    /// <summary>
    /// A writer for a top-level <see cref="List{T}"/> or array, or for a top-level object with at least one such member;
    /// <see langword="null"/> for anything else, which is written at once.
    /// </summary>
    public static SegmentedWriter<T>? Create<T>()
        // The part writers are built with MakeGenericType and the IL emitter's per-member code: without dynamic code
        // (Native AOT, or the reflection switch off) a payload is written at once and flushed once.
        => PackSerializer.IsDynamicFallbackEnabled ? CreateDynamic<T>() : null;

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only called when PackSerializer.IsReflectionEnabledByDefault is true, a feature switch trimmed apps turn off (which removes this path).")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT.")]
    private static SegmentedWriter<T>? CreateDynamic<T>()
    {
        var type = typeof(T);
        if (GetElementType(type) is { } element)
        {
            return (SegmentedWriter<T>)Activator.CreateInstance(typeof(CollectionSegmentedWriter<,>).MakeGenericType(type, element))!;
        }

        if (PackFormatterCache<T>.Formatter is not ObjectFormatter<T> || !ObjectFormatter<T>.HasHeader)
        {
            return null;
        }

        var contract = ObjectFormatter<T>.ContractOf;
        var members = contract.Members;
        var parts = new List<ObjectPart<T>>();
        int start = 0;
        for (int i = 0; i < members.Length; i++)
        {
            if (GetElementType(members[i].Type) is not { } memberElement)
            {
                continue;
            }

            if (i > start)
            {
                parts.Add(new MemberRangePart<T>(contract, start, i - start));
            }

            parts.Add((ObjectPart<T>)Activator.CreateInstance(
                typeof(CollectionMemberPart<,,>).MakeGenericType(type, members[i].Type, memberElement), members[i])!);
            start = i + 1;
        }

        if (start == 0)
        {
            return null;
        }

        if (start < members.Length)
        {
            parts.Add(new MemberRangePart<T>(contract, start, members.Length - start));
        }

        return new ObjectSegmentedWriter<T>([.. parts], members.Length);
    }

    /// <summary>The element type of a <see cref="List{T}"/> or a one-dimensional array, or <see langword="null"/>.</summary>
    private static Type? GetElementType(Type type)
    {
        var element = type.IsSZArray
            ? type.GetElementType()
            : type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>) ? type.GetGenericArguments()[0] : null;

        // Pointers cannot be generic arguments; such a collection is left to its formatter, which reports it.
        return element is null || element.IsPointer || element.IsFunctionPointer ? null : element;
    }
}
