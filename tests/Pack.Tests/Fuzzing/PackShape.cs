using System.Buffers.Binary;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// The wire structure of a type as the spec (docs/wire-format.md) lays it out, enough to find every length, count,
/// string header, member count and union tag in a valid payload without trusting the codec under test.
/// </summary>
public abstract class PackShape
{
    /// <summary>A fixed-width value: primitives, enums, fixed structs.</summary>
    public static PackShape Fixed(int width) => new FixedShape(width);

    public static PackShape String { get; } = new StringShape();

    public static PackShape Collection(PackShape element) => new CollectionShape(element, null);

    public static PackShape Dictionary(PackShape key, PackShape value) => new CollectionShape(key, value);

    public static PackShape Object(params PackShape[] members) => new ObjectShape(members);

    public static PackShape Nullable(PackShape value) => new NullableShape(value);

    public static PackShape Union(params (ushort Tag, PackShape Case)[] cases) => new UnionShape(cases);

    /// <summary>Records where the structural fields of <paramref name="payload"/> are; the payload must be valid.</summary>
    public static List<PackField> Map(PackShape shape, ReadOnlySpan<byte> payload)
    {
        var fields = new List<PackField>();
        int offset = 0;
        shape.Walk(payload, ref offset, topLevel: true, fields);
        return fields;
    }

    internal abstract void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields);

    private sealed class FixedShape(int width) : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields) => offset += width;
    }

    private sealed class StringShape : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields)
        {
            int at = offset;
            uint header = BinaryPrimitives.ReadUInt32LittleEndian(payload[offset..]);
            offset += 4;
            if (header is 0xFFFF_FFFF or 0)
            {
                fields.Add(new PackField(PackFieldKind.StringHeader, at, 0));
                return;
            }

            int utf8Length;
            if ((header & 0x8000_0000) == 0)
            {
                utf8Length = (int)(header >> 15);
            }
            else
            {
                utf8Length = (int)(header & 0x7FFF_FFFF);
                offset += 4;
            }

            fields.Add(new PackField(PackFieldKind.StringHeader, at, utf8Length));
            fields.Add(new PackField(PackFieldKind.Utf8Bytes, offset, utf8Length));
            offset += utf8Length;
        }
    }

    private sealed class CollectionShape(PackShape element, PackShape? value) : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields)
        {
            int count = BinaryPrimitives.ReadInt32LittleEndian(payload[offset..]);
            fields.Add(new PackField(value is null ? PackFieldKind.Count : PackFieldKind.DictionaryCount, offset, count));
            offset += 4;
            for (int i = 0; i < count; i++)
            {
                int keyAt = offset;
                element.Walk(payload, ref offset, topLevel: false, fields);
                if (value is not null)
                {
                    fields.Add(new PackField(PackFieldKind.DictionaryKey, keyAt, offset - keyAt));
                }

                value?.Walk(payload, ref offset, topLevel: false, fields);
            }
        }
    }

    private sealed class ObjectShape(PackShape[] members) : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields)
        {
            int header = BinaryPrimitives.ReadInt32LittleEndian(payload[offset..]);
            fields.Add(new PackField(PackFieldKind.ObjectLength, offset, header));
            offset += 4;
            if (header == -1)
            {
                return;
            }

            if (header == -2)
            {
                fields.Add(new PackField(PackFieldKind.MemberCount, offset, members.Length));
                offset += 2;
            }

            foreach (var member in members)
            {
                member.Walk(payload, ref offset, topLevel: false, fields);
            }
        }
    }

    private sealed class NullableShape(PackShape value) : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields)
        {
            if (payload[offset++] == 1)
            {
                value.Walk(payload, ref offset, topLevel, fields);
            }
        }
    }

    private sealed class UnionShape((ushort Tag, PackShape Case)[] cases) : PackShape
    {
        internal override void Walk(ReadOnlySpan<byte> payload, ref int offset, bool topLevel, List<PackField> fields)
        {
            ushort tag = BinaryPrimitives.ReadUInt16LittleEndian(payload[offset..]);
            fields.Add(new PackField(PackFieldKind.UnionTag, offset, tag));
            offset += 2;
            foreach (var (caseTag, shape) in cases)
            {
                if (caseTag == tag)
                {
                    shape.Walk(payload, ref offset, topLevel, fields);
                    return;
                }
            }
        }
    }
}
