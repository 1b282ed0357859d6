using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Pack.Streaming;

namespace Pack.Client;

/// <summary>
/// Reads a whole Pack stream (<c>application/x-pack-stream</c>) as a collection: its item frames are collected (the count
/// comes back with the collection, for the client's metrics), an error frame throws <see cref="PackStreamException"/>. Arrays, the collection interfaces <see cref="List{T}"/> implements, and
/// any collection with a constructor taking <see cref="IEnumerable{T}"/> are supported.
/// </summary>
internal static class PackStreamCollector
{
    private static readonly MethodInfo CollectMethod =
        typeof(PackStreamCollector).GetMethod(nameof(CollectAsync), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static readonly ConcurrentDictionary<Type, (Type ItemType, Func<Stream, PackSerializerOptions?, CancellationToken, Task<(object Value, int Count)>> Collect)?> Collectors = new();

    /// <summary>
    /// The item type and collector for <paramref name="type"/>, or <see langword="null"/> when it is not a collection of
    /// items, or when this process cannot build generic code at run time (Native AOT: read the stream with
    /// <c>ReadFromPackAsAsyncEnumerable</c>).
    /// </summary>
    public static (Type ItemType, Func<Stream, PackSerializerOptions?, CancellationToken, Task<(object Value, int Count)>> Collect)? Get(Type type) =>
        System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported ? GetDynamic(type) : null;

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT.")]
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "The element type and its collection come from the caller's T (ReadFromPackAsync<T>), which the app keeps; a constructor taking "
        + "IEnumerable<T> that was trimmed away makes the type unsupported here (null), not a crash.")]
    private static (Type ItemType, Func<Stream, PackSerializerOptions?, CancellationToken, Task<(object Value, int Count)>> Collect)? GetDynamic(Type type) =>
        Collectors.GetOrAdd(type, static type => Create(type));

    [RequiresDynamicCode("Builds List<T> and a generic collector for the element type at run time.")]
    [RequiresUnreferencedCode("Looks up the collection's interfaces and its constructor taking IEnumerable<T> by reflection.")]
    private static (Type ItemType, Func<Stream, PackSerializerOptions?, CancellationToken, Task<(object Value, int Count)>> Collect)? Create(Type type)
    {
        if (type == typeof(string) || FindElementType(type) is not { } element)
        {
            return null;
        }

        var listType = typeof(List<>).MakeGenericType(element);
        Func<object, object>? convert = null;

        // The copy made of the list is charged to the stream's budget before it is made: an array's exactly; a collection
        // built by its constructor as one element plus 16 bytes (a hash entry's link and hash code) per item.
        int copyOverheadPerItem = -1;
        if (type.IsArray)
        {
            var toArray = listType.GetMethod(nameof(List<object>.ToArray))!;
            convert = list => toArray.Invoke(list, null)!;
            copyOverheadPerItem = 0;
        }
        else if (type.IsAssignableFrom(listType))
        {
            convert = static list => list;
        }
        else if (!type.IsAbstract && type.GetConstructor([typeof(IEnumerable<>).MakeGenericType(element)]) is { } constructor)
        {
            convert = list => constructor.Invoke([list]);
            copyOverheadPerItem = 16;
        }

        if (convert is null)
        {
            return null;
        }

        var collect = CollectMethod.MakeGenericMethod(element)
            .CreateDelegate<Func<Stream, PackSerializerOptions?, int, CancellationToken, Task<object>>>();
        return (element, async (stream, options, cancellationToken) =>
        {
            var list = await collect(stream, options, copyOverheadPerItem, cancellationToken).ConfigureAwait(false);
            return (convert(list), ((System.Collections.ICollection)list).Count);
        });
    }

    [RequiresUnreferencedCode("Looks up the collection's interfaces by reflection.")]
    private static Type? FindElementType(Type type)
    {
        if (type.IsArray)
        {
            return type.GetArrayRank() == 1 ? type.GetElementType() : null;
        }

        if (type.IsInterface && type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IEnumerable<>))
        {
            return type.GetGenericArguments()[0];
        }

        Type? found = null;
        foreach (var candidate in type.GetInterfaces())
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                if (found is not null)
                {
                    return null; // Ambiguous: IEnumerable<T> of two element types.
                }

                found = candidate.GetGenericArguments()[0];
            }
        }

        return found;
    }

    // The list grows within the stream's one allocation budget, like the items themselves (PackStream.CollectAsync).
    // copyOverheadPerItem: -1 when the list is returned itself, else what a copy takes per item beyond the element.
    private static async Task<object> CollectAsync<T>(Stream stream, PackSerializerOptions? options, int copyOverheadPerItem, CancellationToken cancellationToken)
        => await PackStream.CollectAsync<T>(
            stream, options, copyOverheadPerItem < 0 ? 0 : System.Runtime.CompilerServices.Unsafe.SizeOf<T>() + copyOverheadPerItem, cancellationToken).ConfigureAwait(false);
}
