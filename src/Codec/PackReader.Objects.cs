using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>
    /// Reads an object's length header and enters one level of depth. Returns <see langword="false"/> for a null object
    /// (without entering depth). <paramref name="end"/> receives the offset where the object's body ends.
    /// </summary>
    /// <param name="end">The offset just past the object's body.</param>
    public bool TryReadObjectStart(out int end)
    {
        int headerOffset = _position;
        int length = ReadInt32();
        if (length >= 0)
        {
            if (length > _buffer.Length - _position)
            {
                PackThrowHelper.ThrowLengthExceedsInput(headerOffset, "object", length, _buffer.Length - _position);
            }

            end = _position + length;
            EnterDepth();
            return true;
        }

        if (length == PackObjectHeader.Null)
        {
            end = _position;
            return false;
        }

        if (length == PackObjectHeader.ToEnd && _depth == 0)
        {
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
    public int ReadObjectStart(string typeName)
    {
        int headerOffset = _position;
        if (!TryReadObjectStart(out int end))
        {
            PackThrowHelper.ThrowUnexpectedNull(headerOffset, typeName);
        }

        return end;
    }

    /// <summary>Whether the current object's body, ending at <paramref name="end"/>, has another member to read.</summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool HasMoreMembers(int end) => _position < end;

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

    /// <summary>Ends an object: skips members written by a newer version of the type and leaves one level of depth.</summary>
    /// <param name="end">The end offset from <see cref="TryReadObjectStart"/>.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ReadObjectEnd(int end)
    {
        CheckMemberEnd(end);
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
