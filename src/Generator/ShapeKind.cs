namespace Pack.Generator;

/// <summary>How a type is written: which built-in formatter, or member by member.</summary>
internal enum ShapeKind
{
    Primitive,
    Enum,
    Nullable,
    Array,
    List,
    HashSet,
    Dictionary,
    ImmutableArray,
    ImmutableList,
    Memory,
    ReadOnlyMemory,
    ArraySegment,
    Enumerable,
    Union,
    Object,
}
