namespace Pack;

/// <summary>Constants of the string header. See docs/wire-format.md, "Strings".</summary>
internal static class PackStringHeader
{
    /// <summary>A null string: the header is all ones.</summary>
    public const uint Null = 0xFFFF_FFFF;

    /// <summary>The empty string: the header is zero.</summary>
    public const uint Empty = 0;

    /// <summary>Set in the long form: the low 31 bits are the UTF-8 byte count and a 32-bit UTF-16 length follows.</summary>
    public const uint LongFormFlag = 0x8000_0000;

    /// <summary>The short form's UTF-16 length field: bits 0–14.</summary>
    public const uint ShortUtf16Mask = 0x7FFF;
}
