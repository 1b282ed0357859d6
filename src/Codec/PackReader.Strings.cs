using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text.Unicode;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>
    /// Reads a string: the header gives the UTF-8 byte count and the UTF-16 length, so the string is allocated once
    /// at its final size and decoded in one pass. Invalid UTF-8 and a UTF-16 length that disagrees with the bytes are rejected.
    /// </summary>
    public string? ReadString()
    {
        // The common case in one bounds check: a short-form header whose counts are consistent and whose bytes are all
        // present. Anything else (empty, null, long form, a bad header, a truncated payload) takes the full path below,
        // which reads the same bytes again from the same offset and so reports the same verdict at the same offset.
        int remaining = _buffer.Length - _position;
        if (remaining >= 4)
        {
            ref byte start = ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), _position);
            uint shortHeader = Unsafe.ReadUnaligned<uint>(ref start);
            if (!BitConverter.IsLittleEndian)
            {
                shortHeader = System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(shortHeader);
            }

            // Short form: bit 31 clear; the UTF-16 length in the low 15 bits, the UTF-8 length in bits 15-30.
            int shortUtf16 = (int)(shortHeader & PackStringHeader.ShortUtf16Mask);
            int shortUtf8 = (int)(shortHeader >> 15);
            if ((shortHeader & PackStringHeader.LongFormFlag) == 0 && shortUtf16 > 0 && shortUtf8 >= shortUtf16
                && shortUtf8 <= 3 * shortUtf16 && shortUtf8 <= remaining - 4)
            {
                return DecodeShortString(ref Unsafe.Add(ref start, 4), shortUtf8, shortUtf16);
            }
        }

        return ReadStringFull();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private string DecodeShortString(ref byte utf8, int utf8Length, int utf16Length)
    {
        int bytesOffset = _position + 4;
        _position = bytesOffset + utf8Length;

        // The same charge as the full path, taken before the allocation it pays for.
        ChargeAllocation((22 + (2L * utf16Length) + 7) & ~7L);
        return DecodeUtf8(ref utf8, utf8Length, utf16Length, bytesOffset);
    }

    // The allocation and the transcoding, out of line: inlined into each string member of an object reader, their
    // locals (spans and the pinned pointers of the transcoder) widened that reader's frame, which is zeroed on every call.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string DecodeUtf8(ref byte utf8, int utf8Length, int utf16Length, int bytesOffset)
        => string.Create(utf16Length, new Utf8Source(MemoryMarshal.CreateReadOnlySpan(ref utf8, utf8Length), bytesOffset), TranscodeInto);

    // The string is allocated at its final length and decoded in place before anyone can see it.
    private static readonly SpanAction<char, Utf8Source> TranscodeInto = static (chars, source) =>
    {
        OperationStatus status = Utf8.ToUtf16(source.Bytes, chars, out int read, out int written, replaceInvalidSequences: false);
        if (status != OperationStatus.Done || read != source.Bytes.Length || written != chars.Length)
        {
            ThrowBadUtf8(status, source, read, written, chars.Length);
        }
    };

    // The header's every case, with the error for each: empty, null, the long form, an inconsistent header, truncation.
    private string? ReadStringFull()
    {
        int headerOffset = _position;
        uint header = ReadUInt32();
        if (header == PackStringHeader.Empty)
        {
            return string.Empty;
        }

        if (header == PackStringHeader.Null)
        {
            return null;
        }

        int utf16Length;
        int utf8Length;
        if ((header & PackStringHeader.LongFormFlag) == 0)
        {
            utf16Length = (int)(header & PackStringHeader.ShortUtf16Mask);
            utf8Length = (int)(header >> 15);
        }
        else
        {
            utf8Length = (int)(header & ~PackStringHeader.LongFormFlag);
            utf16Length = ReadInt32();
        }

        // Each UTF-16 code unit takes one to three UTF-8 bytes (a surrogate pair takes four for two units),
        // so a consistent header satisfies utf16 <= utf8 <= 3 * utf16. This bounds the allocation by the input.
        if (utf16Length <= 0 || utf8Length < utf16Length || utf8Length > 3L * utf16Length)
        {
            PackThrowHelper.ThrowInvalidStringHeader(headerOffset, utf8Length, utf16Length);
        }

        int bytesOffset = _position;
        ReadOnlySpan<byte> bytes = ReadBytes(utf8Length);

        // A string is 22 bytes of header, length and terminator plus two per code unit, rounded up to 8.
        ChargeAllocation((22 + (2L * utf16Length) + 7) & ~7L);

        return DecodeUtf8(ref MemoryMarshal.GetReference(bytes), utf8Length, utf16Length, bytesOffset);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowBadUtf8(OperationStatus status, Utf8Source source, int read, int written, int declared)
    {
        if (status == OperationStatus.InvalidData || status == OperationStatus.NeedMoreData)
        {
            PackThrowHelper.ThrowInvalidUtf8(source.Offset + read);
        }

        PackThrowHelper.ThrowUtf16LengthMismatch(source.Offset, declared, status == OperationStatus.DestinationTooSmall ? -1 : written);
    }

    private readonly ref struct Utf8Source
    {
        public Utf8Source(ReadOnlySpan<byte> bytes, int offset)
        {
            Bytes = bytes;
            Offset = offset;
        }

        public ReadOnlySpan<byte> Bytes { get; }

        public int Offset { get; }
    }
}
