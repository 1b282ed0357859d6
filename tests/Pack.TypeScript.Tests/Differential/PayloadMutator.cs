using System.Buffers.Binary;
using System.Text;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// Derives inputs from a valid payload and its <see cref="WireMap"/>: truncations, byte flips, inserted and removed
/// bytes, counts and lengths at edge values, strings in the other header form, union tags out of range, members
/// dropped or appended (with the enclosing lengths fixed, so schema evolution is exercised, not just rejection),
/// duplicated collection entries, nulls, and primitives at the edges of their ranges. Deterministic for a given
/// <see cref="Random"/>.
/// </summary>
public sealed class PayloadMutator(Random random)
{
    private const long MaxTicks = 3_155_378_975_999_999_999;
    private const int ShortPayload = 64;

    private static readonly ulong[] HalfEdges = [0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0xffff, 0x8000, 0x7bff, 0x0001];
    private static readonly ulong[] SingleEdges = [0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0xffffffff, 0x80000000, 0x00000001, 0x7f7fffff];
    private static readonly ulong[] DoubleEdges =
    [
        0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
        0xffffffffffffffff, 0x8000000000000000, 0x0000000000000001, 0x7fefffffffffffff,
    ];

    private static readonly uint[] DecimalFlags = [0, 0x001C0000, 0x001D0000, 0x00FF0000, 0x80000000, 0x801C0000, 0x00000001, 0x40000000, 0x01000000, 0x00008000, 0x7F000000];
    private static readonly byte[] Utf8Singles = [0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
    private static readonly byte[][] Utf8Runs =
    [
        [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xef, 0xbf, 0xbf], [0xe0, 0x80, 0x80], [0xc0, 0x80], [0xc3, 0xa9], [0xf4, 0x90, 0x80, 0x80],
        [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xe3, 0x81, 0x82],
    ];

    /// <summary>The mutants of <paramref name="payload"/>: every aimed one (at most <paramref name="maxAimed"/>, sampled) and <paramref name="randomCount"/> random ones.</summary>
    public List<Mutant> Mutate(byte[] payload, WireMap map, int maxAimed, int randomCount)
    {
        var aimed = new List<Mutant>();
        var overwrites = new List<(string Description, int Offset, byte[] Bytes)>();

        void Overwrite(string description, int offset, byte[] bytes)
        {
            if (offset + bytes.Length > payload.Length)
            {
                return;
            }

            overwrites.Add((description, offset, bytes));
            var copy = (byte[])payload.Clone();
            bytes.CopyTo(copy, offset);
            aimed.Add(new Mutant(description, copy));
        }

        void I32(string description, int offset, long value) => Overwrite($"{description} = {value}", offset, Le32((int)value));

        Truncations(payload, map, aimed);
        foreach (var slot in map.Slots)
        {
            string at = $"{slot.Kind}@{slot.Offset}";
            int remain = payload.Length - slot.Offset - 4;
            switch (slot.Kind)
            {
                case WireSlotKind.Count:
                    foreach (long v in new long[] { 0, -1, -2, 1, int.MaxValue, int.MinValue, slot.Value - 1, slot.Value + 1, remain, remain - 1, remain + 1, remain / Math.Max(1, slot.Extra), (remain / Math.Max(1, slot.Extra)) + 1 })
                    {
                        I32(at, slot.Offset, v);
                    }

                    break;
                case WireSlotKind.ObjectHeader when slot.Value == -2:
                    foreach (long v in new long[] { -1, 0, 1, -3, int.MinValue, remain - 2 })
                    {
                        I32(at, slot.Offset, v);
                    }

                    break;
                case WireSlotKind.ObjectHeader:
                    foreach (long v in new long[] { -1, -2, -3, 0, slot.Value - 1, slot.Value + 1, remain, remain + 1, int.MaxValue, int.MinValue })
                    {
                        I32(at, slot.Offset, v);
                    }

                    break;
                case WireSlotKind.MemberCount:
                    foreach (int v in new[] { 0, (int)slot.Value - 1, (int)slot.Value + 1, slot.Extra, slot.Extra + 1, 0xFFFF })
                    {
                        Overwrite($"{at} = {v}", slot.Offset, Le16((ushort)v));
                    }

                    break;
                case WireSlotKind.UnionTag:
                    // Every tag up to the largest, but not 65 535 copies of the payload for a union with a tag near the top
                    // (RandomContracts/ declares such tags).
                    foreach (int v in new[] { 0xFFFF, 0xFFFE, 0x7FFF, slot.Extra + 1, slot.Extra + 2, slot.Extra, slot.Extra - 1 }.Concat(Enumerable.Range(0, Math.Min(slot.Extra + 1, 32))).Distinct())
                    {
                        Overwrite($"{at} = {v}", slot.Offset, Le16((ushort)v));
                    }

                    break;
                case WireSlotKind.StringHeader:
                    StringHeaders(payload, map, slot, aimed, Overwrite);
                    break;
                case WireSlotKind.Utf8 when slot.Width > 0:
                    Utf8(payload, map, slot, aimed, Overwrite);
                    break;
                default:
                    foreach (var (name, bytes) in Edges(slot))
                    {
                        Overwrite($"{at} = {name}", slot.Offset, bytes);
                    }

                    break;
            }
        }

        foreach (var value in map.Values)
        {
            if (value.End - value.Start != value.NullBytes.Length || !payload.AsSpan(value.Start, value.End - value.Start).SequenceEqual(value.NullBytes))
            {
                aimed.Add(new Mutant($"null value @{value.Start}", Splice(payload, map, value.Start, value.End, value.NullBytes, value.Start - 1)));
            }
        }

        foreach (var o in map.Objects)
        {
            ObjectEvolution(payload, map, o, aimed);
        }

        foreach (var c in map.Collections)
        {
            Duplicates(payload, map, c, aimed);
        }

        // Two overwrites at once: a duplicate made and then an edge value in it, a count and a header both wrong …
        for (int i = 0; i < Math.Min(overwrites.Count, 16) && overwrites.Count > 1; i++)
        {
            var a = overwrites[random.Next(overwrites.Count)];
            var b = overwrites[random.Next(overwrites.Count)];
            if (a.Offset + a.Bytes.Length <= b.Offset || b.Offset + b.Bytes.Length <= a.Offset)
            {
                var copy = (byte[])payload.Clone();
                a.Bytes.CopyTo(copy, a.Offset);
                b.Bytes.CopyTo(copy, b.Offset);
                aimed.Add(new Mutant($"{a.Description}; {b.Description}", copy));
            }
        }

        if (aimed.Count > maxAimed)
        {
            random.Shuffle(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(aimed));
            aimed.RemoveRange(maxAimed, aimed.Count - maxAimed);
        }

        for (int i = 0; i < randomCount; i++)
        {
            aimed.Add(RandomMutant(payload, map));
        }

        return aimed;
    }

    private void Truncations(byte[] payload, WireMap map, List<Mutant> output)
    {
        var cuts = new SortedSet<int>();
        if (payload.Length <= ShortPayload)
        {
            cuts.UnionWith(Enumerable.Range(0, payload.Length));
        }
        else
        {
            cuts.Add(0);
            cuts.Add(payload.Length - 1);
            foreach (var slot in map.Slots.Take(24))
            {
                cuts.Add(slot.Offset);
                cuts.Add(slot.Offset + 1);
            }
        }

        foreach (int cut in cuts)
        {
            output.Add(new Mutant($"truncated to {cut}", payload[..cut]));
        }

        output.Add(new Mutant("one byte appended", [.. payload, 0]));
    }

    private static void StringHeaders(byte[] payload, WireMap map, WireSlot slot, List<Mutant> output, Action<string, int, byte[]> overwrite)
    {
        string at = $"string header@{slot.Offset}";
        int utf8 = (int)slot.Value;
        int utf16 = slot.Extra;
        foreach (uint h in new uint[] { 0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 1, 1u << 15, (1u << 15) | 1 })
        {
            overwrite($"{at} = 0x{h:x8}", slot.Offset, Le32((int)h));
        }

        if (slot.Extra <= 0)
        {
            return; // null or empty: nothing follows
        }

        if (slot.Width == 4)
        {
            foreach (var (u16, u8) in new[] { (utf16 - 1, utf8), (utf16 + 1, utf8), (utf16, utf8 - 1), (utf16, utf8 + 1), (0, utf8), (utf16, 0) })
            {
                if (u16 is >= 0 and < 0x8000 && u8 is >= 0 and < 0x10000)
                {
                    overwrite($"{at} short ({u16}, {u8})", slot.Offset, Le32(u16 | (u8 << 15)));
                }
            }

            foreach (int u16 in new[] { utf16, utf16 - 1, utf16 + 1, 0, -1, int.MaxValue })
            {
                byte[] longForm = [.. Le32((int)(0x80000000u | (uint)utf8)), .. Le32(u16)];
                output.Add(new Mutant($"{at} long form (utf16 {u16})", Splice(payload, map, slot.Offset, slot.Offset + 4, longForm, slot.Offset - 1)));
            }
        }
        else
        {
            if (utf16 is > 0 and < 0x8000 && utf8 < 0x10000)
            {
                output.Add(new Mutant($"{at} short form", Splice(payload, map, slot.Offset, slot.Offset + 8, Le32(utf16 | (utf8 << 15)), slot.Offset - 1)));
            }

            foreach (int u16 in new[] { utf16 - 1, utf16 + 1, 0, -1, int.MaxValue })
            {
                overwrite($"{at} long utf16 = {u16}", slot.Offset + 4, Le32(u16));
            }
        }
    }

    private void Utf8(byte[] payload, WireMap map, WireSlot slot, List<Mutant> output, Action<string, int, byte[]> overwrite)
    {
        var positions = new HashSet<int> { slot.Offset, slot.Offset + slot.Width - 1, slot.Offset + random.Next(slot.Width) };
        foreach (int p in positions)
        {
            foreach (byte b in Utf8Singles)
            {
                overwrite($"utf8@{p} = {b:x2}", p, [b]);
            }
        }

        var header = map.Slots.Single(s => s.Kind == WireSlotKind.StringHeader && s.Offset + s.Width == slot.Offset);
        foreach (var run in Utf8Runs)
        {
            if (run.Length > slot.Width)
            {
                continue;
            }

            int p = slot.Offset + random.Next(slot.Width - run.Length + 1);
            overwrite($"utf8@{p} = {Convert.ToHexStringLower(run)}", p, run);

            // The same bytes with the header's UTF-16 length made right, when they are valid UTF-8: an input to accept.
            var copy = (byte[])payload.Clone();
            run.CopyTo(copy, p);
            try
            {
                int utf16 = new UTF8Encoding(false, true).GetCharCount(copy, slot.Offset, slot.Width);
                if (header.Width == 4 && utf16 < 0x8000)
                {
                    Le32(utf16 | (slot.Width << 15)).CopyTo(copy, header.Offset);
                }
                else if (header.Width == 8)
                {
                    Le32(utf16).CopyTo(copy, header.Offset + 4);
                }

                output.Add(new Mutant($"utf8@{p} = {Convert.ToHexStringLower(run)}, header fixed", copy));
            }
            catch (DecoderFallbackException)
            {
                // invalid UTF-8: the raw overwrite above covers it
            }
        }
    }

    private static void ObjectEvolution(byte[] payload, WireMap map, WireObjectSpan o, List<Mutant> output)
    {
        byte[][] appended = [[0x00], [0x01, 0x00, 0x00, 0x00], [0xff, 0xff, 0xff, 0xff], [0xfe]];
        if (o.MemberStarts.Count > 0)
        {
            appended = [.. appended, payload[o.MemberStarts[0]..(o.MemberStarts.Count > 1 ? o.MemberStarts[1] : o.BodyEnd)]];
        }

        int known = o.MemberStarts.Count;
        foreach (var extra in appended)
        {
            var bytes = Splice(payload, map, o.BodyEnd, o.BodyEnd, extra, o.HeaderOffset);
            if (o.TopLevel)
            {
                SetMemberCount(bytes, o, known + 1);
                output.Add(new Mutant($"object@{o.HeaderOffset}: member appended ({Convert.ToHexStringLower(extra)})", bytes));
                var uncounted = Splice(payload, map, o.BodyEnd, o.BodyEnd, extra, o.HeaderOffset);
                output.Add(new Mutant($"object@{o.HeaderOffset}: bytes appended, count kept", uncounted));
            }
            else
            {
                output.Add(new Mutant($"object@{o.HeaderOffset}: member appended ({Convert.ToHexStringLower(extra)})", bytes));
            }
        }

        for (int keep = known - 1; keep >= 0 && keep >= known - 2; keep--)
        {
            DropTo(keep);
        }

        if (known > 2)
        {
            DropTo(0);
        }

        void DropTo(int keep)
        {
            var bytes = Splice(payload, map, o.MemberStarts[keep], o.BodyEnd, [], o.HeaderOffset);
            if (o.TopLevel)
            {
                SetMemberCount(bytes, o, keep);
            }

            output.Add(new Mutant($"object@{o.HeaderOffset}: members from {keep} dropped", bytes));
        }
    }

    private static void SetMemberCount(byte[] bytes, WireObjectSpan o, int count)
        => BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(o.HeaderOffset + 4), (ushort)count);

    private void Duplicates(byte[] payload, WireMap map, WireCollectionSpan c, List<Mutant> output)
    {
        int count = c.ElementStarts.Count;
        if (count == 0)
        {
            return;
        }

        int pick = random.Next(count);
        int start = c.ElementStarts[pick];
        int end = pick + 1 < count ? c.ElementStarts[pick + 1] : c.End;
        var element = payload[start..end];
        var bytes = Splice(payload, map, c.End, c.End, element, c.CountOffset);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(c.CountOffset), count + 1);
        output.Add(new Mutant($"collection@{c.CountOffset}: element {pick} repeated", bytes));

        // The copy with one of its primitives at an edge: near-duplicates and equal-but-different keys (§5.1).
        var inside = map.Slots.Where(s => s.Offset >= start && s.Offset + s.Width <= end && s.Kind < WireSlotKind.Presence).ToList();
        if (inside.Count > 0)
        {
            for (int i = 0; i < 4; i++)
            {
                var slot = inside[random.Next(inside.Count)];
                var edges = Edges(slot);
                var (name, edge) = edges[random.Next(edges.Count)];
                var variant = (byte[])bytes.Clone();
                edge.CopyTo(variant, c.End + (slot.Offset - start));
                output.Add(new Mutant($"collection@{c.CountOffset}: element {pick} repeated, copy's {slot.Kind} = {name}", variant));
            }
        }

        if (count > 1)
        {
            var removed = Splice(payload, map, start, end, [], c.CountOffset);
            BinaryPrimitives.WriteInt32LittleEndian(removed.AsSpan(c.CountOffset), count - 1);
            output.Add(new Mutant($"collection@{c.CountOffset}: element {pick} removed", removed));
        }
    }

    private Mutant RandomMutant(byte[] payload, WireMap map)
    {
        if (payload.Length == 0)
        {
            return new Mutant("random byte", [(byte)random.Next(256)]);
        }

        int p = random.Next(payload.Length);
        switch (random.Next(6))
        {
            case 0:
            {
                var copy = (byte[])payload.Clone();
                byte b = (byte)random.Next(256);
                copy[p] = b;
                return new Mutant($"byte@{p} = {b:x2}", copy);
            }

            case 1:
            {
                var copy = (byte[])payload.Clone();
                int bit = random.Next(8);
                copy[p] ^= (byte)(1 << bit);
                return new Mutant($"bit {bit}@{p} flipped", copy);
            }

            case 2:
            {
                byte b = (byte)random.Next(256);
                return new Mutant($"byte {b:x2} inserted@{p}", [.. payload[..p], b, .. payload[p..]]);
            }

            case 3:
                return new Mutant($"byte@{p} removed", [.. payload[..p], .. payload[(p + 1)..]]);
            case 4:
            {
                int n = Math.Min(random.Next(1, 9), payload.Length - p);
                return new Mutant($"{n} bytes@{p} repeated", [.. payload[..(p + n)], .. payload[p..]]);
            }

            default:
            {
                // An aimed edge value somewhere random, a second time: slots are where decoders decide things.
                if (map.Slots.Count == 0)
                {
                    return new Mutant($"truncated to {p}", payload[..p]);
                }

                var slot = map.Slots[random.Next(map.Slots.Count)];
                var copy = (byte[])payload.Clone();
                int value = random.Next(4) switch { 0 => -1, 1 => 0, 2 => random.Next(), _ => random.Next(-3, 300) };
                var bytes = Le32(value).AsSpan(0, Math.Min(4, Math.Max(1, Math.Min(slot.Width, payload.Length - slot.Offset))));
                bytes.CopyTo(copy.AsSpan(slot.Offset));
                return new Mutant($"{slot.Kind}@{slot.Offset} = {value} (low {bytes.Length} bytes)", copy);
            }
        }
    }

    /// <summary>Replaces <c>[start, end)</c> with <paramref name="replacement"/> and fixes the length of every nested object around it whose header is at or before <paramref name="anchor"/>.</summary>
    private static byte[] Splice(byte[] payload, WireMap map, int start, int end, byte[] replacement, int anchor)
    {
        int delta = replacement.Length - (end - start);
        var copy = (byte[])payload.Clone();
        foreach (var o in map.Objects)
        {
            if (!o.TopLevel && o.HeaderOffset <= anchor && o.BodyStart <= start && end <= o.BodyEnd)
            {
                BinaryPrimitives.WriteInt32LittleEndian(copy.AsSpan(o.HeaderOffset), o.BodyEnd - o.BodyStart + delta);
            }
        }

        return [.. copy[..start], .. replacement, .. copy[end..]];
    }

    private static List<(string Name, byte[] Bytes)> Edges(WireSlot slot)
    {
        var edges = new List<(string, byte[])>();
        void Add(string name, byte[] bytes) => edges.Add((name, bytes));
        void Bits(IEnumerable<ulong> values)
        {
            foreach (ulong v in values)
            {
                Add($"0x{v:x}", Le64(v)[..slot.Width]);
            }
        }

        switch (slot.Kind)
        {
            case WireSlotKind.Bool or WireSlotKind.Presence:
                foreach (byte b in new byte[] { 0, 1, 2, 0x80, 0xff })
                {
                    Add($"{b:x2}", [b]);
                }

                break;
            case WireSlotKind.Char:
                Bits([0x0000, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffe, 0xffff]);
                break;
            case WireSlotKind.Integer or WireSlotKind.Enum:
                var max = Enumerable.Repeat((byte)0xff, slot.Width).ToArray();
                max[^1] = 0x7f;
                var min = new byte[slot.Width];
                min[^1] = 0x80;
                var one = new byte[slot.Width];
                one[0] = 1;
                var answer = new byte[slot.Width];
                answer[0] = 42;
                Add("0", new byte[slot.Width]);
                Add("-1", Enumerable.Repeat((byte)0xff, slot.Width).ToArray());
                Add("max", max);
                Add("min", min);
                Add("1", one);
                Add("42", answer);
                break;
            case WireSlotKind.Half:
                Bits(HalfEdges);
                break;
            case WireSlotKind.Single:
                Bits(SingleEdges);
                break;
            case WireSlotKind.Double:
                Bits(DoubleEdges);
                break;
            case WireSlotKind.Decimal:
                foreach (uint flags in DecimalFlags)
                {
                    Add($"1 flags 0x{flags:x8}", [.. Le32(1), .. Le32(0), .. Le32(0), .. Le32((int)flags)]);
                    Add($"max flags 0x{flags:x8}", [.. Le32(-1), .. Le32(-1), .. Le32(-1), .. Le32((int)flags)]);
                    Add($"0 flags 0x{flags:x8}", [.. new byte[12], .. Le32((int)flags)]);
                }

                break;
            case WireSlotKind.Guid:
                Add("zero", new byte[16]);
                Add("ff", Enumerable.Repeat((byte)0xff, 16).ToArray());
                break;
            case WireSlotKind.DateTime:
                foreach (ulong kind in new ulong[] { 0, 1, 2, 3 })
                {
                    foreach (ulong ticks in new ulong[] { 0, MaxTicks, MaxTicks + 1, (1UL << 62) - 1, 638_397_614_451_234_567 })
                    {
                        Bits([ticks | (kind << 62)]);
                    }
                }

                break;
            case WireSlotKind.DateTimeOffset:
                foreach (long ticks in new long[] { 0, MaxTicks, MaxTicks + 1, -1, 638_397_614_451_234_567, 8_400_000_000 })
                {
                    foreach (short minutes in new short[] { 0, 1, -1, 840, 841, -840, -841, short.MinValue, short.MaxValue, 14 })
                    {
                        Add($"({ticks}, {minutes})", [.. Le64((ulong)ticks), .. Le16((ushort)minutes)]);
                    }
                }

                break;
            case WireSlotKind.TimeSpan:
                Bits([0, 0xffffffffffffffff, 0x7fffffffffffffff, 0x8000000000000000]);
                break;
            case WireSlotKind.DateOnly:
                Bits([0xffffffff, 0, 3_652_058, 3_652_059, 0x7fffffff, 0x80000000]);
                break;
            case WireSlotKind.TimeOnly:
                Bits([0xffffffffffffffff, 0, 863_999_999_999, 864_000_000_000, 0x7fffffffffffffff, 0x8000000000000000]);
                break;
        }

        return edges;
    }

    private static byte[] Le16(ushort v)
    {
        var b = new byte[2];
        BinaryPrimitives.WriteUInt16LittleEndian(b, v);
        return b;
    }

    private static byte[] Le32(int v)
    {
        var b = new byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(b, v);
        return b;
    }

    private static byte[] Le64(ulong v)
    {
        var b = new byte[8];
        BinaryPrimitives.WriteUInt64LittleEndian(b, v);
        return b;
    }
}
