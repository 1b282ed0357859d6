using System.Buffers.Binary;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// A seeded, structure-aware mutation fuzzer. Each seed is a valid payload whose structural fields were located by
/// <see cref="PackShape.Map"/>; a mutation either lies in one of those fields (lengths, counts, string headers, member
/// counts, union tags, UTF-8 bytes, dictionary keys) or damages the bytes blindly (splice, truncate, duplicate, flip).
/// </summary>
public sealed class PackFuzzer
{
    private static readonly byte[][] InvalidUtf8 =
    [
        [0xFF], [0x80], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ];

    private readonly Seed[] _seeds;

    public PackFuzzer(PackShape shape, IEnumerable<byte[]> seeds)
    {
        _seeds = [.. seeds.Select(bytes => new Seed(bytes, [.. PackShape.Map(shape, bytes)]))];
        if (_seeds.Length == 0)
        {
            throw new ArgumentException("At least one seed is required.", nameof(seeds));
        }
    }

    /// <summary>The valid payloads the mutations start from.</summary>
    public IReadOnlyList<byte[]> Seeds => [.. _seeds.Select(seed => seed.Bytes)];

    /// <summary>One to three mutations of a random seed.</summary>
    public byte[] Next(Random random)
    {
        var seed = _seeds[random.Next(_seeds.Length)];
        var bytes = seed.Bytes;
        int rounds = random.Next(4) == 0 ? random.Next(2, 4) : 1;
        for (int i = 0; i < rounds; i++)
        {
            // Field offsets are exact for the first round and approximate after a length-changing one, which is still useful damage.
            bytes = Mutate(bytes, seed.Fields, random);
        }

        return bytes;
    }

    private byte[] Mutate(byte[] source, PackField[] fields, Random random)
    {
        if (source.Length == 0)
        {
            return [(byte)random.Next(256)];
        }

        var bytes = (byte[])source.Clone();
        switch (random.Next(14))
        {
            case 0:
            case 1:
                return LieInLength(bytes, fields, random);
            case 2:
                return LieInStringHeader(bytes, fields, random);
            case 3:
                return CorruptUtf8(bytes, fields, random);
            case 4:
                return ChangeTagOrMemberCount(bytes, fields, random);
            case 5:
                return DuplicateDictionaryKey(bytes, fields, random);
            case 6:
                return bytes[..random.Next(bytes.Length)];
            case 7:
                var other = _seeds[random.Next(_seeds.Length)].Bytes;
                int from = random.Next(other.Length);
                int at = random.Next(bytes.Length + 1);
                return [.. bytes[..at], .. other.AsSpan(from, random.Next(other.Length - from + 1)), .. bytes[at..]];
            case 8:
                int start = random.Next(bytes.Length);
                int length = random.Next(Math.Min(64, bytes.Length - start) + 1);
                return [.. bytes[..(start + length)], .. bytes.AsSpan(start, length), .. bytes[(start + length)..]];
            case 9:
                int cut = random.Next(bytes.Length);
                return [.. bytes[..cut], .. bytes[(cut + random.Next(bytes.Length - cut + 1))..]];
            case 10:
                bytes[random.Next(bytes.Length)] ^= (byte)(1 << random.Next(8));
                return bytes;
            case 11:
                for (int k = random.Next(1, 6); k > 0; k--)
                {
                    bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
                }

                return bytes;
            default:
                if (bytes.Length >= 4)
                {
                    int offset = random.Next(bytes.Length - 3);
                    BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(offset), InterestingLength(bytes.Length - offset - 4, BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(offset)), random));
                }

                return bytes;
        }
    }

    private static byte[] LieInLength(byte[] bytes, PackField[] fields, Random random)
    {
        if (!TryPick(fields, random, static f => f.Kind is PackFieldKind.Count or PackFieldKind.DictionaryCount or PackFieldKind.ObjectLength, bytes.Length, 4, out var field))
        {
            return bytes;
        }

        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(field.Offset), InterestingLength(bytes.Length - field.Offset - 4, field.Value, random));
        return bytes;
    }

    private static int InterestingLength(int remaining, int value, Random random) => random.Next(11) switch
    {
        0 => -2,
        1 => int.MinValue,
        2 => int.MaxValue,
        3 => remaining + 1,
        4 => remaining,
        5 => -1,
        6 => 0,
        7 => value + 1,
        8 => value - 1,
        9 => value * 2,
        _ => random.Next(int.MinValue, int.MaxValue),
    };

    private static byte[] LieInStringHeader(byte[] bytes, PackField[] fields, Random random)
    {
        if (!TryPick(fields, random, static f => f.Kind == PackFieldKind.StringHeader, bytes.Length, 4, out var field))
        {
            return bytes;
        }

        var span = bytes.AsSpan(field.Offset);
        uint header = BinaryPrimitives.ReadUInt32LittleEndian(span);
        int utf8 = field.Value;
        int utf16 = (header & 0x8000_0000) == 0
            ? (int)(header & 0x7FFF)
            : span.Length >= 8 ? BinaryPrimitives.ReadInt32LittleEndian(span[4..]) : 0;
        switch (random.Next(8))
        {
            case 0: utf16++; break;
            case 1: utf16--; break;
            case 2: utf8++; break;
            case 3: utf8--; break;
            case 4: utf16 = 0; break;
            case 5: utf16 = (3 * utf8) + 1; break;
            case 6:
                // The long form, lying about the UTF-16 length.
                int[] lies = [utf16 + 1, utf16 - 1, -1, 0, int.MaxValue, int.MinValue];
                var longHeader = new byte[8];
                BinaryPrimitives.WriteUInt32LittleEndian(longHeader, 0x8000_0000u | (uint)utf8);
                BinaryPrimitives.WriteInt32LittleEndian(longHeader.AsSpan(4), lies[random.Next(lies.Length)]);
                int oldHeaderEnd = Math.Min(bytes.Length, field.Offset + ((header & 0x8000_0000) == 0 ? 4 : 8));
                return [.. bytes[..field.Offset], .. longHeader, .. bytes[oldHeaderEnd..]];
            default:
                BinaryPrimitives.WriteUInt32LittleEndian(span, (uint)random.Next(int.MinValue, int.MaxValue));
                return bytes;
        }

        if ((header & 0x8000_0000) == 0)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(span, ((uint)utf16 & 0x7FFF) | (((uint)utf8 & 0xFFFF) << 15));
        }
        else if (span.Length >= 8)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(span, 0x8000_0000u | ((uint)utf8 & 0x7FFF_FFFF));
            BinaryPrimitives.WriteInt32LittleEndian(span[4..], utf16);
        }

        return bytes;
    }

    private static byte[] CorruptUtf8(byte[] bytes, PackField[] fields, Random random)
    {
        if (!TryPick(fields, random, static f => f.Kind == PackFieldKind.Utf8Bytes && f.Value > 0, bytes.Length, 1, out var field))
        {
            return bytes;
        }

        // Overwrite in place, so the header's counts still add up and the UTF-8 validation itself is what is tested.
        var bad = InvalidUtf8[random.Next(InvalidUtf8.Length)];
        int at = Math.Min(field.Offset + random.Next(field.Value), bytes.Length - 1);
        bad.AsSpan(0, Math.Min(bad.Length, bytes.Length - at)).CopyTo(bytes.AsSpan(at));
        return bytes;
    }

    private static byte[] ChangeTagOrMemberCount(byte[] bytes, PackField[] fields, Random random)
    {
        if (!TryPick(fields, random, static f => f.Kind is PackFieldKind.UnionTag or PackFieldKind.MemberCount, bytes.Length, 2, out var field))
        {
            return bytes;
        }

        ushort[] values = field.Kind == PackFieldKind.UnionTag
            ? [0, 1, 2, 7, 0xFFFE, 0xFFFF, (ushort)random.Next(65536)]
            : [0, (ushort)(field.Value - 1), (ushort)(field.Value + 1), 0xFFFF, (ushort)random.Next(65536)];
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(field.Offset), values[random.Next(values.Length)]);
        return bytes;
    }

    private static byte[] DuplicateDictionaryKey(byte[] bytes, PackField[] fields, Random random)
    {
        var keys = fields.Where(f => f.Kind == PackFieldKind.DictionaryKey && f.Offset + f.Value <= bytes.Length).ToArray();
        if (keys.Length < 2)
        {
            return bytes;
        }

        // Copy one key over another: the payload stays well-formed, and only the duplicate is wrong.
        var source = keys[random.Next(keys.Length)];
        var target = keys[random.Next(keys.Length)];
        return [.. bytes[..target.Offset], .. bytes.AsSpan(source.Offset, source.Value), .. bytes[(target.Offset + target.Value)..]];
    }

    private static bool TryPick(PackField[] fields, Random random, Func<PackField, bool> match, int length, int width, out PackField field)
    {
        // A few random probes are cheaper than filtering the whole list for every input.
        for (int attempt = 0; attempt < 16 && fields.Length > 0; attempt++)
        {
            field = fields[random.Next(fields.Length)];
            if (match(field) && field.Offset + width <= length)
            {
                return true;
            }
        }

        field = default;
        return false;
    }

    private sealed record Seed(byte[] Bytes, PackField[] Fields);
}
