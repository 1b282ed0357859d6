using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Pack.Formatters.Collections;

/// <summary>The element loops shared by the collection formatters: one memory copy for blittable elements, a formatter call per element otherwise.</summary>
internal static class CollectionHelpers
{
    public static void WriteElements<TBufferWriter, T>(ref PackWriter<TBufferWriter> writer, ReadOnlySpan<T> values)
        where TBufferWriter : System.Buffers.IBufferWriter<byte>
    {
        // Every non-null collection counts one level of depth, whatever its element type (see docs/wire-format.md).
        if (PackTypeInfo<T>.IsBlittable)
        {
            // The count and the elements' memory image (little-endian hosts only) in one reservation.
            int size = checked(4 + (values.Length * Unsafe.SizeOf<T>()));
            writer.EnterDepth();
            ref byte destination = ref writer.GetSpanReference(size);
            Unsafe.WriteUnaligned(ref destination, values.Length);
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref destination, 4), ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(values)), (uint)(size - 4));
            writer.Advance(size);
            writer.ExitDepth();
            return;
        }

        writer.WriteCollectionHeader(values.Length);
        writer.EnterDepth();
        var write = PackWriterCache<T, TBufferWriter>.Method;
        for (int i = 0; i < values.Length; i++)
        {
            write(ref writer, values[i]);
        }

        writer.ExitDepth();
    }

    /// <summary>
    /// Reads a collection header; -1 means null. The count is bounded by the bytes that remain, and the backing store it
    /// asks for (count x the element's in-memory size) is charged to the read's allocation budget before it is allocated.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ReadCount<T>(ref PackReader reader)
    {
        int count = reader.ReadCollectionHeader(PackTypeInfo<T>.IsBlittable ? Unsafe.SizeOf<T>() : PackFormatterCache<T>.Formatter.MinimumLength);
        if (count > 0)
        {
            reader.ChargeCollection(count, Unsafe.SizeOf<T>());
        }

        return count;
    }

    /// <summary>
    /// Reads an array of <typeparamref name="T"/> (null for -1) as <see cref="ArrayFormatter{T}"/> does, without going
    /// through the <c>T[]</c> formatter: the collections read into an array (immutable arrays and lists, memory,
    /// segments) and into a list must not need a formatter a generated context never creates (no IL fallback under
    /// Native AOT), and both ways charge the budget and report truncation alike.
    /// </summary>
    public static T[]? ReadArray<T>(ref PackReader reader)
    {
        int count = ReadCount<T>(ref reader);
        if (count < 0)
        {
            return null;
        }

        var array = count == 0 ? [] : GC.AllocateUninitializedArray<T>(count);
        ReadElements(ref reader, array.AsSpan());
        return array;
    }

    /// <summary>Reads a <see cref="List{T}"/> (null for -1) as <see cref="ListFormatter{T}"/> does, without going through the list formatter.</summary>
    public static List<T>? ReadList<T>(ref PackReader reader)
    {
        int count = ReadCount<T>(ref reader);
        if (count < 0)
        {
            return null;
        }

        var list = new List<T>(count);
        CollectionsMarshal.SetCount(list, count);
        ReadElements(ref reader, CollectionsMarshal.AsSpan(list));
        return list;
    }

    public static void ReadElements<T>(ref PackReader reader, Span<T> destination)
    {
        reader.EnterDepth();
        if (PackTypeInfo<T>.IsBlittable)
        {
            var bytes = MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(destination)), destination.Length * Unsafe.SizeOf<T>());
            reader.ReadBytes(bytes.Length).CopyTo(bytes);
            reader.ExitDepth();
            return;
        }

        var formatter = PackFormatterCache<T>.Formatter;
        if (typeof(T) == typeof(string) && ReferenceEquals(formatter, Primitives.StringFormatter.Instance))
        {
            // Reference-type elements run this method as code shared by every reference type, where each element
            // would cost a virtual formatter call; strings are common enough to be read directly (unless a
            // registered resolver replaced the string formatter).
            ReadStrings(ref reader, MemoryMarshal.CreateSpan(ref Unsafe.As<T, string?>(ref MemoryMarshal.GetReference(destination)), destination.Length));
            reader.ExitDepth();
            return;
        }

        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = formatter.Deserialize(ref reader)!;
        }

        reader.ExitDepth();
    }

    /// <summary>Reads as many strings as <paramref name="destination"/> holds, directly (no formatter call per element).</summary>
    public static void ReadStrings(ref PackReader reader, Span<string?> destination)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = reader.ReadString();
        }
    }
}
