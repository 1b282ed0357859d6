using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackWriter<TBufferWriter>
{
    /// <summary>Writes the null marker of an object (a length of -1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNullObject() => WriteInt32(PackObjectHeader.Null);

    /// <summary>
    /// Starts an object: enters one level of depth and writes its header. The top-level object of a payload runs to
    /// the end of the payload (header -2 followed by its 16-bit member count), so nothing has to be patched and its
    /// bytes can be committed as they are written; a nested object's length header is patched by <see cref="WriteObjectEnd"/>.
    /// </summary>
    /// <param name="memberCount">The number of members that follow.</param>
    /// <returns>A token to pass to <see cref="WriteObjectEnd"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long WriteObjectStart(int memberCount)
    {
        EnterDepth();
        if (_depth == 1)
        {
            WriteInt32(PackObjectHeader.ToEnd);
            WriteUInt16((ushort)memberCount);
            return -1;
        }

        GetSpanReference(4);
        long start = _committed + _position;
        _position += 4;
        if (_openObjects++ == 0)
        {
            _oldestOpenObject = start;
        }

        return start;
    }

    /// <summary>Ends an object started by <see cref="WriteObjectStart"/>, writing its body length into the header.</summary>
    /// <param name="token">The value <see cref="WriteObjectStart"/> returned.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteObjectEnd(long token)
    {
        _depth--;
        if (token >= 0)
        {
            PatchObjectLength(token);
        }
    }

    private void PatchObjectLength(long start)
    {
        long length = _committed + _position - start - 4;
        if (length > int.MaxValue)
        {
            PackThrowHelper.ThrowObjectTooLarge(length);
        }

        int value = BitConverter.IsLittleEndian ? (int)length : BinaryPrimitives.ReverseEndianness((int)length);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref _buffer, (int)(start - _committed)), value);
        _openObjects--;
    }

    /// <summary>Writes the null marker of a collection (a count of -1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNullCollection() => WriteInt32(-1);

    /// <summary>Writes the element count that starts a collection.</summary>
    /// <param name="count">The number of elements that follow.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteCollectionHeader(int count) => WriteInt32(count);

    /// <summary>Reserves a 32-bit length to be patched by <see cref="EndLengthPrefix"/>; used for stream frames.</summary>
    internal long BeginLengthPrefix()
    {
        GetSpanReference(4);
        long start = _committed + _position;
        _position += 4;
        if (_openObjects++ == 0)
        {
            _oldestOpenObject = start;
        }

        return start;
    }

    /// <summary>Writes the number of bytes written since <see cref="BeginLengthPrefix"/> into its reserved slot.</summary>
    internal void EndLengthPrefix(long token) => PatchObjectLength(token);
}
