using System.Runtime.CompilerServices;
using Pack.Formatters;

namespace Pack;

public ref partial struct PackWriter<TBufferWriter>
{
    /// <summary>Writes a value of any supported type through its cached formatter.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteValue<T>(T? value) => PackWriterCache<T, TBufferWriter>.Method(ref this, value!);

    /// <summary>Writes raw bytes, with no length prefix.</summary>
    /// <param name="bytes">The bytes.</param>
    public void WriteRaw(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref GetSpanReference(bytes.Length), bytes.Length));
        _position += bytes.Length;
    }
}
