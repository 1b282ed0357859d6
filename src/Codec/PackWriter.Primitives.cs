using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackWriter<TBufferWriter>
{
    /// <summary>Writes a byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteByte(byte value)
    {
        GetSpanReference(1) = value;
        _position += 1;
    }

    /// <summary>Writes a signed byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSByte(sbyte value) => WriteByte((byte)value);

    /// <summary>Writes a boolean as one byte, 0 or 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBoolean(bool value) => WriteByte(value ? (byte)1 : (byte)0);

    /// <summary>Writes a 16-bit signed integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt16(short value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(2), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 2;
    }

    /// <summary>Writes a 16-bit unsigned integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt16(ushort value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(2), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 2;
    }

    /// <summary>Writes a UTF-16 code unit, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteChar(char value) => WriteUInt16(value);

    /// <summary>Writes a 32-bit signed integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt32(int value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(4), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 4;
    }

    /// <summary>Writes a 32-bit unsigned integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt32(uint value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(4), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 4;
    }

    /// <summary>Writes a 64-bit signed integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt64(long value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 8;
    }

    /// <summary>Writes a 64-bit unsigned integer, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt64(ulong value)
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        _position += 8;
    }

    /// <summary>Writes a 128-bit signed integer, little-endian.</summary>
    public void WriteInt128(Int128 value)
    {
        BinaryPrimitives.WriteInt128LittleEndian(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref GetSpanReference(16), 16), value);
        _position += 16;
    }

    /// <summary>Writes a 128-bit unsigned integer, little-endian.</summary>
    public void WriteUInt128(UInt128 value)
    {
        BinaryPrimitives.WriteUInt128LittleEndian(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref GetSpanReference(16), 16), value);
        _position += 16;
    }

    /// <summary>Writes an IEEE 754 half-precision value, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteHalf(Half value) => WriteUInt16(BitConverter.HalfToUInt16Bits(value));

    /// <summary>Writes an IEEE 754 single-precision value, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSingle(float value) => WriteUInt32(BitConverter.SingleToUInt32Bits(value));

    /// <summary>Writes an IEEE 754 double-precision value, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDouble(double value) => WriteUInt64(BitConverter.DoubleToUInt64Bits(value));

    /// <summary>Writes a decimal as four 32-bit integers: low, middle, high, flags (the order of <see cref="decimal.GetBits(decimal)"/>).</summary>
    public void WriteDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        WriteInt32(bits[0]);
        WriteInt32(bits[1]);
        WriteInt32(bits[2]);
        WriteInt32(bits[3]);
    }

    /// <summary>Writes a GUID as 16 bytes in the order of <see cref="Guid.ToByteArray()"/>.</summary>
    public void WriteGuid(Guid value)
    {
        value.TryWriteBytes(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref GetSpanReference(16), 16));
        _position += 16;
    }

    /// <summary>Writes a date and time as 64 bits: ticks in the low 62 bits and the <see cref="DateTimeKind"/> in the top 2.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateTime(DateTime value) => WriteUInt64((ulong)value.Ticks | ((ulong)value.Kind << 62));

    /// <summary>Writes a date, time and offset: the clock ticks (64 bits) then the offset in minutes (16 bits).</summary>
    public void WriteDateTimeOffset(DateTimeOffset value)
    {
        WriteInt64(value.Ticks);
        WriteInt16((short)value.TotalOffsetMinutes);
    }

    /// <summary>Writes a time interval as its ticks (64 bits).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteTimeSpan(TimeSpan value) => WriteInt64(value.Ticks);

    /// <summary>Writes a date as its day number (32 bits, days since 0001-01-01).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateOnly(DateOnly value) => WriteInt32(value.DayNumber);

    /// <summary>Writes a time of day as its ticks (64 bits).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteTimeOnly(TimeOnly value) => WriteInt64(value.Ticks);

    /// <summary>Writes the raw little-endian memory image of an unmanaged value whose layout is its wire form.</summary>
    /// <remarks>Only for types Pack has verified to be blittable; formatters use it on little-endian hosts.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void WriteBlittable<T>(T value)
        where T : unmanaged
    {
        Unsafe.WriteUnaligned(ref GetSpanReference(Unsafe.SizeOf<T>()), value);
        _position += Unsafe.SizeOf<T>();
    }

    /// <summary>Writes a span of blittable values with one copy.</summary>
    internal void WriteBlittableSpan<T>(ReadOnlySpan<T> values)
        where T : unmanaged
    {
        var bytes = System.Runtime.InteropServices.MemoryMarshal.AsBytes(values);
        bytes.CopyTo(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref GetSpanReference(bytes.Length), bytes.Length));
        _position += bytes.Length;
    }
}
