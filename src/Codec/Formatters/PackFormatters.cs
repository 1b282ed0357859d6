using System.Collections.Immutable;
using System.ComponentModel;
using Pack.Formatters.Collections;
using Pack.Formatters.Primitives;
using Pack.Formatters.Unions;

namespace Pack.Formatters;

/// <summary>
/// Pack's built-in formatters, for source-generated code: each method creates the formatter Pack itself uses for that
/// shape, without reflection or <c>MakeGenericType</c>, so it works under Native AOT. Not meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class PackFormatters
{
    /// <summary>The formatter of an enum (its underlying integer).</summary>
    /// <typeparam name="T">The enum.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<T> Enum<T>()
        where T : struct, System.Enum
        => new EnumFormatter<T>();

    /// <summary>The formatter of <see cref="System.Nullable{T}"/>.</summary>
    /// <typeparam name="T">The underlying type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<T?> Nullable<T>()
        where T : struct
        => new NullableFormatter<T>();

    /// <summary>The formatter of a single-dimensional array.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<T[]> Array<T>()
        => CollectionTable.HasOwnArrayFormatter(typeof(T).FullName) ? (PackFormatter<T[]>)(object)StringArrayFormatter.Instance : new ArrayFormatter<T>();

    /// <summary>The formatter of <see cref="List{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<List<T>> List<T>() => new ListFormatter<T>();

    /// <summary>The formatter of <see cref="HashSet{T}"/>, <see cref="ISet{T}"/> or <see cref="IReadOnlySet{T}"/>.</summary>
    /// <typeparam name="TSet">The declared set type.</typeparam>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<TSet> HashSet<TSet, T>()
        where TSet : class, IEnumerable<T>
        => new HashSetFormatter<TSet, T>();

    /// <summary>The formatter of <see cref="Dictionary{TKey, TValue}"/>, <see cref="IDictionary{TKey, TValue}"/> or <see cref="IReadOnlyDictionary{TKey, TValue}"/>.</summary>
    /// <typeparam name="TDictionary">The declared dictionary type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<TDictionary> Dictionary<TDictionary, TKey, TValue>()
        where TDictionary : class, IEnumerable<KeyValuePair<TKey, TValue>>
        where TKey : notnull
        => new DictionaryFormatter<TDictionary, TKey, TValue>();

    /// <summary>The formatter of <see cref="ImmutableArray{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<ImmutableArray<T>> ImmutableArray<T>() => new ImmutableArrayFormatter<T>();

    /// <summary>The formatter of <see cref="ImmutableList{T}"/> or <see cref="IImmutableList{T}"/>.</summary>
    /// <typeparam name="TList">The declared list type.</typeparam>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<TList> ImmutableList<TList, T>()
        where TList : class, IReadOnlyCollection<T>
        => new ImmutableListFormatter<TList, T>();

    /// <summary>The formatter of <see cref="Memory{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<Memory<T>> Memory<T>() => new MemoryFormatter<T>();

    /// <summary>The formatter of <see cref="ReadOnlyMemory{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<ReadOnlyMemory<T>> ReadOnlyMemory<T>() => new ReadOnlyMemoryFormatter<T>();

    /// <summary>The formatter of <see cref="ArraySegment{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<ArraySegment<T>> ArraySegment<T>() => new ArraySegmentFormatter<T>();

    /// <summary>The formatter of a sequence typed as an interface (<see cref="IEnumerable{T}"/>, <see cref="IList{T}"/>, <see cref="IReadOnlyList{T}"/> …).</summary>
    /// <typeparam name="TCollection">The declared interface.</typeparam>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The formatter.</returns>
    public static PackFormatter<TCollection> Enumerable<TCollection, T>()
        where TCollection : class, IEnumerable<T>
        => new EnumerableFormatter<TCollection, T>();

    /// <summary>One case of a union, for <see cref="Union{TUnion}(PackUnionCase{TUnion}[])"/>.</summary>
    /// <typeparam name="TUnion">The union's base type.</typeparam>
    /// <typeparam name="TCase">The concrete case type.</typeparam>
    /// <param name="tag">The case's tag.</param>
    /// <returns>The case.</returns>
    public static PackUnionCase<TUnion> UnionCase<TUnion, TCase>(ushort tag)
        where TCase : TUnion
        => new UnionCaseOf<TUnion, TCase>(tag);

    /// <summary>The formatter of a union with the given cases, in declaration order.</summary>
    /// <typeparam name="TUnion">The union's base type.</typeparam>
    /// <param name="cases">The cases.</param>
    /// <returns>The formatter.</returns>
    /// <exception cref="NotSupportedException">A tag is reserved or declared twice.</exception>
    public static PackFormatter<TUnion> Union<TUnion>(params PackUnionCase<TUnion>[] cases)
    {
        ArgumentNullException.ThrowIfNull(cases);
        return new UnionFormatter<TUnion>(cases);
    }
}
