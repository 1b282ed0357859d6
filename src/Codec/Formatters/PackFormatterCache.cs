namespace Pack.Formatters;

/// <summary>The formatter of <typeparamref name="T"/>, created once on first use (thread-safe through the type initializer).</summary>
/// <typeparam name="T">The type handled.</typeparam>
internal static class PackFormatterCache<T>
{
    // Built outside any read's allocation budget: the first read of a type pays for it once per process.
    public static readonly PackFormatter<T> Formatter = PackFormatterFactory.Create<T>();
}
