using Pack.Formatters;

namespace Pack;

/// <summary>
/// The process-wide list of registered resolvers. Formatters are cached per type for the life of the process, and
/// every resolver writes the same bytes as Pack's run-time generated code, so one process-wide choice is safe.
/// </summary>
internal static class PackFormatterResolvers
{
    private static readonly Lock Gate = new();
    private static IPackFormatterResolver[] _resolvers = [];

    /// <summary>The registered resolvers, oldest first (a snapshot; registration replaces the array).</summary>
    public static IPackFormatterResolver[] Current => Volatile.Read(ref _resolvers);

    /// <summary>Registers <paramref name="resolver"/> unless it already is.</summary>
    public static void Add(IPackFormatterResolver resolver)
    {
        lock (Gate)
        {
            if (Array.IndexOf(_resolvers, resolver) >= 0)
            {
                return;
            }

            Volatile.Write(ref _resolvers, [.. _resolvers, resolver]);
        }
    }

    /// <summary>The first registered formatter of <typeparamref name="T"/>, or <see langword="null"/>.</summary>
    public static PackFormatter<T>? Find<T>()
    {
        foreach (var resolver in Current)
        {
            if (resolver.GetFormatter<T>() is { } formatter)
            {
                return formatter;
            }
        }

        return null;
    }
}
