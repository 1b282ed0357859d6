using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Pack.Schema;

public sealed partial class PackSchema
{
    // The schemas TryGet parsed from generated constants, per type: parsed once. Only found schemas are kept, so a
    // context registered later is still found.
    private static readonly ConcurrentDictionary<Type, PackSchema> GeneratedCache = new();

    /// <summary>
    /// The schema of <paramref name="type"/> from whatever this process may use (docs/schema.md §4.1), in this order: a
    /// registered context's generated constants with the contract form (<see cref="TryGetGenerated"/>: no reflection, no
    /// hashing); else, where the run-time path is on (not Native AOT, and the
    /// <see cref="PackSerializer.IsReflectionEnabledByDefault"/> switch not turned off), <see cref="For(Type)"/>; else the
    /// generated wire form (a root whose defaults are not compile-time facts). Each is built once per type and cached.
    /// </summary>
    /// <remarks>
    /// This is how Pack's HTTP packages find the schema of a body type (the <c>Pack-Schema</c> header, the client's and
    /// the server's checks, the schema endpoint); a type it returns <see langword="false"/> for is neither announced nor
    /// checked (docs/schema.md §5).
    /// </remarks>
    /// <param name="type">The root type.</param>
    /// <param name="options">Options whose resolvers are searched first for generated constants, or <see langword="null"/>.</param>
    /// <param name="schema">The schema, when one is known.</param>
    /// <returns>
    /// <see langword="false"/> when no registered context declares <paramref name="type"/> as a root and either the
    /// run-time path is off or Pack does not support the type.
    /// </returns>
    public static bool TryGet(Type type, PackSerializerOptions? options, [NotNullWhen(true)] out PackSchema? schema)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (GeneratedCache.TryGetValue(type, out schema))
        {
            return true;
        }

        TryGetGenerated(type, options, out var generated);
        if (generated is { CanonicalText: not null })
        {
            schema = GeneratedCache.GetOrAdd(type, generated.ToSchema());
            return true;
        }

        if (RuntimeFeature.IsDynamicCodeSupported && PackSerializer.IsReflectionEnabledByDefault && TryFor(type) is { } built)
        {
            schema = built;
            return true;
        }

        if (generated is not null)
        {
            schema = GeneratedCache.GetOrAdd(type, generated.ToSchema());
            return true;
        }

        schema = null;
        return false;
    }

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT; there only generated constants give a schema.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only called when the PackSerializer.IsReflectionEnabledByDefault switch is on, which trimmed apps turn off (removing this path); "
        + "the callers pass types the serializer reads or writes, so it already keeps them.")]
    private static PackSchema? TryFor(Type type)
    {
        try
        {
            return For(type);
        }
        catch (NotSupportedException)
        {
            return null;
        }
    }

    [DoesNotReturn]
    private static void ThrowReflectionDisabled(Type type) => throw new NotSupportedException(
        $"PackSchema.For builds the schema of {type} by reflection, which is off in this process (Native AOT, or the "
        + $"{PackSerializer.ReflectionSwitchName} switch set to false). Declare the type with [PackSerializable(typeof({type.Name}))] "
        + "on a registered PackSerializerContext and use PackSchema.TryGetGenerated or PackSchema.TryGet, which read the schema the generator emitted.");

    /// <summary>
    /// Finds the schema constants the source generator emitted for <paramref name="type"/> (docs/schema.md §4): in the
    /// <see cref="PackSerializerContext"/>s of <paramref name="options"/>' resolvers, then in every registered one
    /// (<see cref="PackSerializer.AddResolver(IPackFormatterResolver)"/>). Needs neither reflection nor hashing, so it
    /// works under Native AOT, where <see cref="For(Type)"/> does not.
    /// </summary>
    /// <param name="type">A root type of a generated context (<c>[PackSerializable(typeof(T))]</c>).</param>
    /// <param name="options">Options whose resolvers are searched first, or <see langword="null"/>.</param>
    /// <param name="schema">The constants, when a context has them.</param>
    /// <returns>Whether a registered context declares <paramref name="type"/> as a root.</returns>
    public static bool TryGetGenerated(Type type, PackSerializerOptions? options, [NotNullWhen(true)] out PackGeneratedSchema? schema)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (options is not null)
        {
            foreach (var resolver in options.Resolvers)
            {
                if (resolver is PackSerializerContext context && context.GetGeneratedSchema(type) is { } found)
                {
                    schema = found;
                    return true;
                }
            }
        }

        foreach (var resolver in PackFormatterResolvers.Current)
        {
            if (resolver is PackSerializerContext context && context.GetGeneratedSchema(type) is { } found)
            {
                schema = found;
                return true;
            }
        }

        schema = null;
        return false;
    }

    /// <summary>The schema of generated constants, with their fingerprints (nothing is hashed).</summary>
    internal static PackSchema FromGenerated(PackGeneratedSchema generated)
    {
        var schema = Parse(generated.CanonicalText ?? generated.WireCanonicalText);
        schema.wireText = generated.WireCanonicalText;
        schema.wireFingerprint = generated.WireFingerprint;
        if (generated.CanonicalText is not null)
        {
            schema.contractText = generated.CanonicalText;
            schema.contractFingerprint = generated.ContractFingerprint;
        }

        return schema;
    }
}
