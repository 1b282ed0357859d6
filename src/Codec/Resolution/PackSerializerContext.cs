using Pack.Formatters;
using Pack.Schema;

namespace Pack;

/// <summary>
/// The base of a source-generated set of formatters, in the style of System.Text.Json's <c>JsonSerializerContext</c>.
/// Declare <c>[PackSerializable(typeof(Order))] internal partial class AppPackContext : PackSerializerContext;</c>; the
/// generator adds a static <c>Default</c> instance and <see cref="GetFormatter{T}"/>. Pass the context in
/// <see cref="PackSerializerOptions.Resolvers"/> (or to <see cref="PackSerializer.AddResolver(IPackFormatterResolver)"/>)
/// to use its formatters, which Native AOT and trimmed applications need: there Pack cannot generate code at run time.
/// </summary>
public abstract class PackSerializerContext : IPackFormatterResolver
{
    /// <summary>Creates the context.</summary>
    protected PackSerializerContext()
    {
    }

    /// <inheritdoc/>
    public abstract PackFormatter<T>? GetFormatter<T>();

    /// <summary>
    /// The schema of each root type (<c>[PackSerializable(typeof(T))]</c>) as the generator computed it at compile time,
    /// as constants (docs/schema.md §4). The generator overrides this; the base has none.
    /// </summary>
    public virtual IReadOnlyList<PackGeneratedSchema> GeneratedSchemas => [];

    /// <summary>The generated schema constants of the root type <paramref name="type"/>, or <see langword="null"/> when it is not a root of this context.</summary>
    /// <param name="type">The root type.</param>
    public PackGeneratedSchema? GetGeneratedSchema(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        foreach (var schema in GeneratedSchemas)
        {
            if (schema.Type == type)
            {
                return schema;
            }
        }

        return null;
    }
}
