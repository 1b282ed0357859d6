namespace Pack.TypeScript.Tests.Differential;

/// <summary>What a <see cref="WireSlot"/> holds (docs/wire-format.md §2-§8).</summary>
public enum WireSlotKind
{
    Bool,
    Char,
    Integer,
    Enum,
    Half,
    Single,
    Double,
    Decimal,
    Guid,
    DateTime,
    DateTimeOffset,
    TimeSpan,
    DateOnly,
    TimeOnly,

    /// <summary>A <c>Nullable&lt;T&gt;</c> presence byte.</summary>
    Presence,

    /// <summary>A string header (4 bytes, or 8 in the long form); value: UTF-8 count; extra: UTF-16 length.</summary>
    StringHeader,

    /// <summary>A string's UTF-8 bytes.</summary>
    Utf8,

    /// <summary>An i32 collection count; value: the count; extra: the element's minimum length.</summary>
    Count,

    /// <summary>An i32 object header: the body length, or −2 at top level.</summary>
    ObjectHeader,

    /// <summary>The u16 member count of the top-level object; extra: the members the type has.</summary>
    MemberCount,

    /// <summary>A u16 union tag; extra: the largest tag of the union.</summary>
    UnionTag,
}
