using System.Buffers.Binary;

namespace Pack.Caching;

/// <summary>
/// The layout of a Pack cache entry (docs/caching.md §2): a 12-byte header naming the writer's contract by fingerprint, then the payload.
/// The rules live in the spec; this type holds the constants and the header's encoding once, for the writer and the reader.
/// </summary>
internal static class PackCacheEntryFormat
{
    /// <summary>Bytes 0-2 of every entry: <c>P</c>, <c>K</c>, <c>C</c>.</summary>
    public const uint Magic = 0x434B50; // "PKC" little-endian in the low three bytes

    /// <summary>Byte 3: the envelope version this implementation writes and reads.</summary>
    public const byte Version = 2;

    /// <summary>Magic, version and the writer's contract fingerprint (8 bytes).</summary>
    public const int HeaderLength = 12;

    /// <summary>
    /// The longest writer schema the schema store may hold (§2.1): Pack's allocation allowance (256 KiB of UTF-8), far above any real
    /// contract's canonical text, so that parsing and remembering a hostile entry's schema stays within the budget's order.
    /// </summary>
    public const int MaxSchemaLength = PackSerializerOptions.AllocationAllowance;

    /// <summary>Writes the header of an entry into a new array, the fixed prefix of every entry of one type.</summary>
    public static byte[] CreatePrefix(ulong contractFingerprint)
    {
        var prefix = new byte[HeaderLength];
        prefix[0] = (byte)'P';
        prefix[1] = (byte)'K';
        prefix[2] = (byte)'C';
        prefix[3] = Version;
        BinaryPrimitives.WriteUInt64BigEndian(prefix.AsSpan(4), contractFingerprint);
        return prefix;
    }

    /// <summary>The 8 bytes a fingerprint's 16 lowercase hex digits stand for, as one number (the digits' order: big-endian).</summary>
    public static ulong ParseFingerprint(string fingerprint) => ulong.Parse(fingerprint, System.Globalization.NumberStyles.AllowHexSpecifier, System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>A fingerprint as 16 lowercase hex digits (docs/schema.md §2.3).</summary>
    public static string FormatFingerprint(ulong fingerprint) => fingerprint.ToString("x16", System.Globalization.CultureInfo.InvariantCulture);
}
