using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>Reads a byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte()
    {
        byte value = GetSpanReference(1);
        _position += 1;
        return value;
    }

    /// <summary>Reads a signed byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte() => (sbyte)ReadByte();

    /// <summary>Reads a boolean, which must be the byte 0 or 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool ReadBoolean()
    {
        byte value = ReadByte();
        if (value > 1)
        {
            PackThrowHelper.ThrowInvalidBoolean(_position - 1, value);
        }

        return value != 0;
    }

    /// <summary>Reads a little-endian 16-bit signed integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16()
    {
        short value = Unsafe.ReadUnaligned<short>(ref GetSpanReference(2));
        _position += 2;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a little-endian 16-bit unsigned integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16()
    {
        ushort value = Unsafe.ReadUnaligned<ushort>(ref GetSpanReference(2));
        _position += 2;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a UTF-16 code unit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public char ReadChar() => (char)ReadUInt16();

    /// <summary>Reads a little-endian 32-bit signed integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32()
    {
        int value = Unsafe.ReadUnaligned<int>(ref GetSpanReference(4));
        _position += 4;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a little-endian 32-bit unsigned integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32()
    {
        uint value = Unsafe.ReadUnaligned<uint>(ref GetSpanReference(4));
        _position += 4;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a little-endian 64-bit signed integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64()
    {
        long value = Unsafe.ReadUnaligned<long>(ref GetSpanReference(8));
        _position += 8;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a little-endian 64-bit unsigned integer.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64()
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref GetSpanReference(8));
        _position += 8;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>Reads a little-endian 128-bit signed integer.</summary>
    public Int128 ReadInt128() => BinaryPrimitives.ReadInt128LittleEndian(ReadBytes(16));

    /// <summary>Reads a little-endian 128-bit unsigned integer.</summary>
    public UInt128 ReadUInt128() => BinaryPrimitives.ReadUInt128LittleEndian(ReadBytes(16));

    /// <summary>Reads an IEEE 754 half-precision value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Half ReadHalf() => BitConverter.UInt16BitsToHalf(ReadUInt16());

    /// <summary>Reads an IEEE 754 single-precision value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle() => BitConverter.UInt32BitsToSingle(ReadUInt32());

    /// <summary>Reads an IEEE 754 double-precision value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble() => BitConverter.UInt64BitsToDouble(ReadUInt64());

    /// <summary>Reads a decimal: low, middle, high and flags, each 32 bits. Flags other than a sign bit and a scale of 0–28 are rejected.</summary>
    public decimal ReadDecimal()
    {
        int start = _position;
        int lo = ReadInt32();
        int mid = ReadInt32();
        int hi = ReadInt32();
        int flags = ReadInt32();
        int scale = (flags >> 16) & 0xFF;
        if ((flags & 0x7F00FFFF) != 0 || scale > 28)
        {
            PackThrowHelper.ThrowInvalidDecimal(start + 12, flags);
        }

        return new decimal(lo, mid, hi, flags < 0, (byte)scale);
    }

    /// <summary>Reads a GUID written as 16 bytes in the order of <see cref="Guid.ToByteArray()"/>.</summary>
    public Guid ReadGuid() => new(ReadBytes(16));

    /// <summary>Reads a date and time: ticks in the low 62 bits, the kind in the top 2.</summary>
    public DateTime ReadDateTime()
    {
        int start = _position;
        ulong raw = ReadUInt64();
        long ticks = (long)(raw & 0x3FFF_FFFF_FFFF_FFFF);
        int kind = (int)(raw >> 62);
        if (ticks > DateTime.MaxValue.Ticks || kind == 3)
        {
            PackThrowHelper.ThrowInvalidDateTime(start, raw);
        }

        return new DateTime(ticks, (DateTimeKind)kind);
    }

    /// <summary>Reads a date, time and offset: clock ticks then the offset in minutes.</summary>
    public DateTimeOffset ReadDateTimeOffset()
    {
        int start = _position;
        long ticks = ReadInt64();
        short minutes = ReadInt16();
        long utcTicks = ticks - (minutes * TimeSpan.TicksPerMinute);
        if ((ulong)ticks > (ulong)DateTime.MaxValue.Ticks || minutes is < -840 or > 840
            || (ulong)utcTicks > (ulong)DateTime.MaxValue.Ticks)
        {
            PackThrowHelper.ThrowInvalidDateTimeOffset(start, ticks, minutes);
        }

        return new DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes));
    }

    /// <summary>Reads a time interval as ticks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TimeSpan ReadTimeSpan() => new(ReadInt64());

    /// <summary>Reads a date as a day number, which must be within <see cref="DateOnly.MinValue"/>..<see cref="DateOnly.MaxValue"/>.</summary>
    public DateOnly ReadDateOnly()
    {
        int dayNumber = ReadInt32();
        if ((uint)dayNumber > (uint)DateOnly.MaxValue.DayNumber)
        {
            PackThrowHelper.ThrowOutOfRange(_position - 4, "DateOnly day number", dayNumber);
        }

        return DateOnly.FromDayNumber(dayNumber);
    }

    /// <summary>Reads a time of day as ticks, which must be less than one day.</summary>
    public TimeOnly ReadTimeOnly()
    {
        long ticks = ReadInt64();
        if ((ulong)ticks >= (ulong)TimeSpan.TicksPerDay)
        {
            PackThrowHelper.ThrowOutOfRange(_position - 8, "TimeOnly ticks", ticks);
        }

        return new TimeOnly(ticks);
    }

    /// <summary>Reads the raw memory image of a blittable value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal T ReadBlittable<T>()
        where T : unmanaged
    {
        T value = Unsafe.ReadUnaligned<T>(ref GetSpanReference(Unsafe.SizeOf<T>()));
        _position += Unsafe.SizeOf<T>();
        return value;
    }

    /// <summary>Copies <paramref name="destination"/>'s length of blittable values with one copy.</summary>
    internal void ReadBlittableSpan<T>(Span<T> destination)
        where T : unmanaged
    {
        var bytes = MemoryMarshal.AsBytes(destination);
        ReadBytes(bytes.Length).CopyTo(bytes);
    }
}
