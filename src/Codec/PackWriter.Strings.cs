using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text.Unicode;

namespace Pack;

public ref partial struct PackWriter<TBufferWriter>
{
    /// <summary>The longest string (in UTF-16 code units) written with the 4-byte short header: its worst-case UTF-8 length fits 16 bits.</summary>
    internal const int MaxShortStringLength = 0xFFFF / 3;

    /// <summary>
    /// Writes a string as UTF-8 with a header that carries both the UTF-8 byte count and the UTF-16 length.
    /// The string is encoded in one pass into worst-case space reserved up front; no byte-count pre-pass.
    /// </summary>
    /// <param name="value">The string, or <see langword="null"/>.</param>
    /// <exception cref="PackException">The string contains a lone surrogate, which UTF-8 cannot represent.</exception>
    /// <remarks>
    /// Inlined into the member writers (an object often has several string members): only the null marker and the
    /// short form are here; empty and long strings take <see cref="WriteEmptyOrLongString"/>.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteUInt32(PackStringHeader.Null);
            return;
        }

        int length = value.Length;
        if ((uint)(length - 1) >= MaxShortStringLength)
        {
            WriteEmptyOrLongString(value);
            return;
        }

        int max = length * 3;
        ref byte destination = ref GetSpanReference(4 + max);
        int written = EncodeUtf8(value, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref destination, 4), max));
        uint header = (uint)length | ((uint)written << 15);
        Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? header : BinaryPrimitives.ReverseEndianness(header));
        _position += 4 + written;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteEmptyOrLongString(string value)
    {
        if (value.Length == 0)
        {
            WriteUInt32(PackStringHeader.Empty);
            return;
        }

        WriteLongString(value);
    }

    private void WriteLongString(string value)
    {
        long worstCase = (long)value.Length * 3;
        int max = worstCase <= Array.MaxLength - 8 ? (int)worstCase : Encoding.GetUtf8ByteCount(value);
        ref byte destination = ref GetSpanReference(8 + max);
        int written = EncodeUtf8(value, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref destination, 8), max));
        uint header = PackStringHeader.LongFormFlag | (uint)written;
        Span<byte> headerSpan = MemoryMarshal.CreateSpan(ref destination, 8);
        BinaryPrimitives.WriteUInt32LittleEndian(headerSpan, header);
        BinaryPrimitives.WriteInt32LittleEndian(headerSpan[4..], value.Length);
        _position += 8 + written;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int EncodeUtf8(string value, Span<byte> destination)
    {
        OperationStatus status = Utf8.FromUtf16(value, destination, out _, out int written, replaceInvalidSequences: false);
        if (status != OperationStatus.Done)
        {
            PackThrowHelper.ThrowInvalidUtf16();
        }

        return written;
    }

    private static class Encoding
    {
        public static int GetUtf8ByteCount(string value)
        {
            long count = System.Text.Encoding.UTF8.GetByteCount(value);
            if (count > Array.MaxLength - 8)
            {
                PackThrowHelper.ThrowStringTooLong(value.Length);
            }

            return (int)count;
        }
    }
}
