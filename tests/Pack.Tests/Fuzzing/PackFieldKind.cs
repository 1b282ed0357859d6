namespace Pack.Tests.Fuzzing;

public enum PackFieldKind
{
    /// <summary>An i32 collection count (−1 null).</summary>
    Count,

    /// <summary>An i32 dictionary entry count.</summary>
    DictionaryCount,

    /// <summary>A dictionary key; <see cref="PackField.Value"/> is its length in bytes.</summary>
    DictionaryKey,

    /// <summary>An i32 object header: a body length, −1 null, or −2 top level.</summary>
    ObjectLength,

    /// <summary>The u16 member count after a top-level −2.</summary>
    MemberCount,

    /// <summary>A u32 string header; <see cref="PackField.Value"/> is the UTF-8 byte count.</summary>
    StringHeader,

    /// <summary>A string's UTF-8 bytes; <see cref="PackField.Value"/> is their count.</summary>
    Utf8Bytes,

    /// <summary>A u16 union tag.</summary>
    UnionTag,
}
