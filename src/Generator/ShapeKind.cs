using Pack.Formatters.Collections;

namespace Pack.Generator;

/// <summary>How a type is written: which built-in formatter, or member by member.</summary>
internal enum ShapeKind
{
    Primitive,
    Enum,
    Nullable,

    /// <summary>A collection, written by the formatter its <see cref="CollectionTable"/> row names.</summary>
    Collection,
    Union,
    Object,
}
