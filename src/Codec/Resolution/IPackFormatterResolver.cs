using Pack.Formatters;

namespace Pack;

/// <summary>
/// Supplies formatters for some types, for example the ones a source-generated <see cref="PackSerializerContext"/>
/// produced at compile time. Register resolvers through <see cref="PackSerializerOptions.Resolvers"/> or
/// <see cref="PackSerializer.AddResolver(IPackFormatterResolver)"/>.
/// </summary>
/// <remarks>
/// Pack asks the registered resolvers once per type, before its run-time code generation, and caches the answer for
/// the life of the process. A resolver must therefore return formatters that write the same bytes as Pack's own
/// (generated ones do) and must be thread-safe.
/// </remarks>
public interface IPackFormatterResolver
{
    /// <summary>The formatter of <typeparamref name="T"/>, or <see langword="null"/> when this resolver does not handle it.</summary>
    /// <typeparam name="T">The type to format.</typeparam>
    /// <returns>The formatter, or <see langword="null"/>.</returns>
    PackFormatter<T>? GetFormatter<T>();
}
