using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Pack.AspNetCore;

/// <summary>Finds the <c>T</c> of a type that implements <see cref="IAsyncEnumerable{T}"/>, once per type.</summary>
internal static class AsyncEnumerableTypes
{
    private static readonly ConcurrentDictionary<Type, Type?> ElementTypes = new();

    /// <summary>The element type, or <see langword="null"/> when <paramref name="type"/> is not an async sequence.</summary>
    public static Type? GetElementType(Type type) => ElementTypes.GetOrAdd(type, static t => Find(t));

    /// <summary>
    /// The element type of a value declared as <typeparamref name="T"/>: that of <typeparamref name="T"/>, else that of the
    /// value's own type. A value of exactly the declared type (a sealed type, the usual case) costs no lookup at all.
    /// </summary>
    public static Type? GetElementType<T>(T value)
    {
        if (Declared<T>.ElementType is { } elementType)
        {
            return elementType;
        }

        if (typeof(T).IsValueType)
        {
            return null; // A struct's value is of its own type (a Nullable<T>'s, of T, which Declared saw); GetType would box it.
        }

        var runtimeType = value!.GetType();
        return runtimeType == typeof(T) ? null : GetElementType(runtimeType);
    }

    private static class Declared<T>
    {
        public static readonly Type? ElementType = GetElementType(Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T));
    }

    [UnconditionalSuppressMessage("Trimming", "IL2070:UnrecognizedReflectionPattern", Justification =
        "The trimmer keeps an interface implementation whenever the interface is used, and IAsyncEnumerable<T> is (the writer enumerates through it); "
        + "a type with no IAsyncEnumerable<T> left is not a stream.")]
    private static Type? Find(Type type)
    {
        if (IsAsyncEnumerable(type))
        {
            return type.GetGenericArguments()[0];
        }

        foreach (var candidate in type.GetInterfaces())
        {
            if (IsAsyncEnumerable(candidate))
            {
                return candidate.GetGenericArguments()[0];
            }
        }

        return null;
    }

    private static bool IsAsyncEnumerable(Type type) =>
        type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>);
}
