// Shared, as source, by the run-time path (src/Codec: PackFormatterFactory, ContractDescriber, PackFormatters) and the
// source generator (src/Generator: ContextParser, ContextEmitter, RoslynSchemaAdapter): the one table of the collections
// Pack writes. Keep it free of reflection and of Roslyn; the generator targets netstandard2.0.
using Pack.Schema.Building;

namespace Pack.Formatters.Collections;

/// <summary>
/// Which collection shapes exist, which formatter writes and reads each (the <c>PackFormatters</c> method that creates it,
/// called by generated code directly and by the run-time path through reflection), how the schema names each, and the
/// <c>string[]</c> special case. Whether elements are one memory copy is the element's blittability (LayoutRules), not the shape's.
/// </summary>
internal static class CollectionTable
{
    /// <summary>Why a collection that is not in the table is not written (PACK005, on both paths): the rows of <see cref="KindOf"/>.</summary>
    public const string SupportedCollections =
        "the supported collections are single-dimensional arrays, List, HashSet/ISet/IReadOnlySet, Dictionary/IDictionary/IReadOnlyDictionary, ImmutableArray, ImmutableList/IImmutableList, Memory, ReadOnlyMemory, ArraySegment and IEnumerable/ICollection/IList/IReadOnlyCollection/IReadOnlyList";

    /// <summary>
    /// The shape of a closed generic type by the full name of its definition (<c>System.Collections.Generic.List`1</c>,
    /// as <c>Type.FullName</c> and the generator's metadata name both spell it), or <see cref="CollectionKind.None"/>.
    /// Single-dimensional arrays are <see cref="CollectionKind.Array"/>; multi-dimensional ones are not supported.
    /// </summary>
    public static CollectionKind KindOf(string? definitionFullName) => definitionFullName switch
    {
        "System.Collections.Generic.List`1" => CollectionKind.List,
        "System.Collections.Generic.HashSet`1" or "System.Collections.Generic.ISet`1" or "System.Collections.Generic.IReadOnlySet`1" => CollectionKind.HashSet,
        "System.Collections.Generic.Dictionary`2" or "System.Collections.Generic.IDictionary`2" or "System.Collections.Generic.IReadOnlyDictionary`2" => CollectionKind.Dictionary,
        "System.Collections.Immutable.ImmutableArray`1" => CollectionKind.ImmutableArray,
        "System.Collections.Immutable.ImmutableList`1" or "System.Collections.Immutable.IImmutableList`1" => CollectionKind.ImmutableList,
        "System.Memory`1" => CollectionKind.Memory,
        "System.ReadOnlyMemory`1" => CollectionKind.ReadOnlyMemory,
        "System.ArraySegment`1" => CollectionKind.ArraySegment,
        "System.Collections.Generic.IEnumerable`1" or "System.Collections.Generic.ICollection`1" or "System.Collections.Generic.IList`1"
            or "System.Collections.Generic.IReadOnlyCollection`1" or "System.Collections.Generic.IReadOnlyList`1" => CollectionKind.Enumerable,
        _ => CollectionKind.None,
    };

    /// <summary>The <c>Pack.Formatters.PackFormatters</c> method that creates the formatter of a shape.</summary>
    public static string FactoryMethod(CollectionKind kind) => kind switch
    {
        CollectionKind.Array => "Array",
        CollectionKind.List => "List",
        CollectionKind.HashSet => "HashSet",
        CollectionKind.Dictionary => "Dictionary",
        CollectionKind.ImmutableArray => "ImmutableArray",
        CollectionKind.ImmutableList => "ImmutableList",
        CollectionKind.Memory => "Memory",
        CollectionKind.ReadOnlyMemory => "ReadOnlyMemory",
        CollectionKind.ArraySegment => "ArraySegment",
        CollectionKind.Enumerable => "Enumerable",
        _ => throw new System.ArgumentOutOfRangeException(nameof(kind)),
    };

    /// <summary>
    /// Whether the factory method's first type argument is the declared collection type (a set, dictionary, immutable
    /// list or sequence may be declared as one of several types, read back as that type), followed by the type's own
    /// type arguments; otherwise the type arguments (an array's element type) alone.
    /// </summary>
    public static bool TakesDeclaredType(CollectionKind kind)
        => kind is CollectionKind.HashSet or CollectionKind.Dictionary or CollectionKind.ImmutableList or CollectionKind.Enumerable;

    /// <summary>What a shape's type argument <paramref name="index"/> holds, as the generator's diagnostics name it (<c>element</c>, <c>key</c>, <c>value</c>).</summary>
    public static string ArgumentRole(CollectionKind kind, int index)
        => kind != CollectionKind.Dictionary ? "element" : index == 0 ? "key" : "value";

    /// <summary>The schema kind of a shape (docs/schema.md §1.1): <c>map</c>, <c>set</c> or <c>list</c>.</summary>
    public static string SchemaKind(CollectionKind kind) => kind switch
    {
        CollectionKind.Dictionary => SchemaKinds.Map,
        CollectionKind.HashSet => SchemaKinds.Set,
        _ => SchemaKinds.List,
    };

    /// <summary>Whether a shape can be null on the wire: all but <c>Memory</c> and <c>ReadOnlyMemory</c>, whose default is written as count 0 and -1 reads as empty (docs/wire-format.md §5).</summary>
    public static bool IsNullable(CollectionKind kind) => kind is not (CollectionKind.Memory or CollectionKind.ReadOnlyMemory);

    /// <summary>
    /// Whether an array of the element type (by full name) is written by a formatter of its own rather than the generic
    /// array formatter: <c>string[]</c> (same bytes; the generic one would run as shared code for reference elements).
    /// </summary>
    public static bool HasOwnArrayFormatter(string? elementFullName) => elementFullName == "System.String";
}
