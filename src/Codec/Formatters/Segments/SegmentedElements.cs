using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack.Formatters.Segments;

/// <summary>Writes a collection's count and elements in parts, exactly as <see cref="Collections.CollectionHelpers.WriteElements"/> writes them at once.</summary>
internal static class SegmentedElements
{
    /// <summary>Writes the elements from the cursor on, stopping after the element that reaches <paramref name="limit"/> bytes.</summary>
    /// <returns><see langword="true"/> when the collection is written to its end.</returns>
    public static bool Write<TElement>(ref PackWriter<IBufferWriter<byte>> writer, ReadOnlySpan<TElement> elements, ref SegmentCursor cursor, long limit)
    {
        if (cursor.Element < 0)
        {
            writer.WriteCollectionHeader(elements.Length);
            cursor.Element = 0;
            cursor.Count = elements.Length;
        }
        else if (elements.Length != cursor.Count)
        {
            PackThrowHelper.ThrowCollectionModified(cursor.Count, elements.Length);
        }

        // The collection's level of depth is entered again in each part: the writer of a part starts outside it.
        writer.EnterDepth();
        int index = cursor.Element;
        if (PackTypeInfo<TElement>.IsBlittable)
        {
            ReadOnlySpan<byte> bytes = MemoryMarshal.CreateReadOnlySpan(
                ref Unsafe.As<TElement, byte>(ref MemoryMarshal.GetReference(elements)),
                checked(elements.Length * Unsafe.SizeOf<TElement>()));
            int size = Unsafe.SizeOf<TElement>();
            while (index < elements.Length)
            {
                // As many elements as reach the limit, copied at once.
                long wanted = Math.Max(1, (limit - writer.BytesWritten + size - 1) / size);
                int count = (int)Math.Min(wanted, elements.Length - index);
                writer.WriteRaw(bytes.Slice(index * size, count * size));
                index += count;
                if (writer.BytesWritten >= limit && index < elements.Length)
                {
                    return Stop(ref writer, ref cursor, index);
                }
            }
        }
        else
        {
            var write = PackWriterCache<TElement, IBufferWriter<byte>>.Method;
            while (index < elements.Length)
            {
                write(ref writer, elements[index++]);
                if (writer.BytesWritten >= limit && index < elements.Length)
                {
                    return Stop(ref writer, ref cursor, index);
                }
            }
        }

        writer.ExitDepth();
        cursor.Element = -1;
        return true;
    }

    private static bool Stop(ref PackWriter<IBufferWriter<byte>> writer, ref SegmentCursor cursor, int index)
    {
        writer.ExitDepth();
        cursor.Element = index;
        return false;
    }
}
