using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>
    /// Reads an object's header and enters one level of depth. Returns <see langword="false"/> for a null object
    /// (without entering depth). <paramref name="end"/> receives the offset where the body ends; <paramref name="memberCount"/>
    /// the number of members written for a top-level object, or -1 for a nested one (whose members run to <paramref name="end"/>).
    /// </summary>
    /// <param name="end">The offset just past the object's body.</param>
    /// <param name="memberCount">The member count of a top-level object, otherwise -1.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadObjectStart(out int end, out int memberCount)
    {
        int length = ReadInt32();
        if ((uint)length <= (uint)(_buffer.Length - _position) && _depth != 0)
        {
            // The common case, a nested object whose body is within the input, stays inline.
            end = _position + length;
            memberCount = -1;
            EnterDepth();
            return true;
        }

        return TryReadSpecialObjectStart(length, out end, out memberCount);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryReadSpecialObjectStart(int length, out int end, out int memberCount)
    {
        int headerOffset = _position - 4;
        memberCount = -1;
        if (length >= 0 && _depth != 0)
        {
            PackThrowHelper.ThrowLengthExceedsInput(headerOffset, "object", length, _buffer.Length - _position);
        }

        if (length == PackObjectHeader.Null)
        {
            end = _position;
            return false;
        }

        if (length == PackObjectHeader.ToEnd && _depth == 0)
        {
            memberCount = ReadUInt16();
            end = _buffer.Length;
            EnterDepth();
            return true;
        }

        PackThrowHelper.ThrowInvalidObjectHeader(headerOffset, length, _depth == 0);
        end = 0;
        return false;
    }

    /// <summary>Reads a non-null object's header; a null marker is an error (value types are never null).</summary>
    /// <param name="typeName">The type being read, for the error message.</param>
    /// <param name="memberCount">The member count of a top-level object, otherwise -1.</param>
    /// <returns>The offset just past the object's body.</returns>
    public int ReadObjectStart(string typeName, out int memberCount)
    {
        int headerOffset = _position;
        if (!TryReadObjectStart(out int end, out memberCount))
        {
            PackThrowHelper.ThrowUnexpectedNull(headerOffset, typeName);
        }

        return end;
    }

    /// <summary>Whether the member at <paramref name="index"/> was written: within the member count of a top-level object, or before the body's end.</summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="memberCount">The member count from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="index">The member's position in the reader's contract.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool HasMember(int end, int memberCount, int index) => memberCount >= 0 ? index < memberCount : _position < end;

    /// <summary>
    /// Whether a run of fixed-width members ending at <paramref name="lastIndex"/> and taking <paramref name="size"/> bytes
    /// was written whole: within the member count of a top-level object, or within the body of a nested one.
    /// </summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="memberCount">The member count from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="lastIndex">The contract position of the run's last member.</param>
    /// <param name="size">The run's size in bytes.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool HasMemberRun(int end, int memberCount, int lastIndex, int size)
        => memberCount >= 0 ? lastIndex < memberCount : end - _position >= size;

    /// <summary>Fails if the member just read ran past the end of the object's body.</summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void CheckMemberEnd(int end)
    {
        if (_position > end)
        {
            PackThrowHelper.ThrowMemberOverrun(end, _position);
        }
    }

    /// <summary>
    /// Ends an object: skips members written by a newer version of the type and leaves one level of depth. A top-level
    /// object that declared no more members than the reader knows must end exactly at the end of the payload.
    /// </summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="memberCount">The member count from <see cref="TryReadObjectStart"/>.</param>
    /// <param name="knownMembers">The number of members the reader's contract has.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ReadObjectEnd(int end, int memberCount, int knownMembers)
    {
        CheckMemberEnd(end);
        if (memberCount >= 0 && memberCount <= knownMembers && _position != end)
        {
            PackThrowHelper.ThrowTrailingBytes(_position, end - _position);
        }

        _position = end;
        _depth--;
    }

    /// <summary>
    /// Reads a collection's element count, or -1 for null. The count is checked against the bytes that remain, given
    /// that each element takes at least <paramref name="minimumElementSize"/> bytes, before any allocation.
    /// </summary>
    /// <param name="minimumElementSize">The fewest bytes one element can take on the wire (at least 1).</param>
    public int ReadCollectionHeader(int minimumElementSize)
    {
        int headerOffset = _position;
        int count = ReadInt32();
        if (count >= 0)
        {
            if ((long)count * minimumElementSize > _buffer.Length - _position)
            {
                PackThrowHelper.ThrowLengthExceedsInput(headerOffset, "collection", count, _buffer.Length - _position);
            }

            return count;
        }

        if (count != -1)
        {
            PackThrowHelper.ThrowNegativeLength(headerOffset, "collection", count);
        }

        return -1;
    }
}
