// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see CollectionTable.
namespace Pack.Formatters.Collections;

/// <summary>The collection shapes Pack writes, one row each of <see cref="CollectionTable"/>.</summary>
internal enum CollectionKind
{
    /// <summary>Not a collection Pack knows.</summary>
    None,

    /// <summary>A single-dimensional array, <c>T[]</c>.</summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c>.</summary>
    List,

    /// <summary><c>HashSet&lt;T&gt;</c>, <c>ISet&lt;T&gt;</c> or <c>IReadOnlySet&lt;T&gt;</c>.</summary>
    HashSet,

    /// <summary><c>Dictionary&lt;TKey, TValue&gt;</c>, <c>IDictionary&lt;TKey, TValue&gt;</c> or <c>IReadOnlyDictionary&lt;TKey, TValue&gt;</c>.</summary>
    Dictionary,

    /// <summary><c>ImmutableArray&lt;T&gt;</c>.</summary>
    ImmutableArray,

    /// <summary><c>ImmutableList&lt;T&gt;</c> or <c>IImmutableList&lt;T&gt;</c>.</summary>
    ImmutableList,

    /// <summary><c>Memory&lt;T&gt;</c>.</summary>
    Memory,

    /// <summary><c>ReadOnlyMemory&lt;T&gt;</c>.</summary>
    ReadOnlyMemory,

    /// <summary><c>ArraySegment&lt;T&gt;</c>.</summary>
    ArraySegment,

    /// <summary>A sequence typed as an interface: <c>IEnumerable&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>IReadOnlyCollection&lt;T&gt;</c> or <c>IReadOnlyList&lt;T&gt;</c>.</summary>
    Enumerable,
}
