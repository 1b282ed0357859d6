using Pack.Formatters;

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
}
