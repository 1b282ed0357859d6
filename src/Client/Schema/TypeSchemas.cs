using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// The schema of each type the client reads or sends, built once by <see cref="PackSchema.For"/>: the reader's side of
/// the response check (docs/schema.md §5.1) and the request body's header and registration (§5.2) share it.
/// </summary>
internal static class TypeSchemas
{
    private static readonly ConcurrentDictionary<Type, PackSchema?> Schemas = new();

    /// <summary>
    /// The schema of <paramref name="type"/>, or <see langword="null"/> under Native AOT (the schema is built by reflection)
    /// and for a type the schema builder does not describe: such a type is neither checked nor announced.
    /// </summary>
    public static PackSchema? Get(Type type)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported)
        {
            return null;
        }

        return Schemas.TryGetValue(type, out var known) ? known : Schemas.GetOrAdd(type, Build(type));
    }

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT; there nothing is checked or announced.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The type is one the serializer reads or writes, so it already keeps it; a type the schema builder cannot describe gets no schema.")]
    private static PackSchema? Build(Type type)
    {
        try
        {
            return PackSchema.For(type);
        }
        catch (NotSupportedException)
        {
            return null;
        }
    }
}
