using System.Diagnostics.CodeAnalysis;

namespace Pack.Schema;

public sealed partial class PackSchema
{
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
