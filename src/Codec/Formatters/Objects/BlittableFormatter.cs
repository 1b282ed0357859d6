using System.Runtime.CompilerServices;

namespace Pack.Formatters.Objects;

/// <summary>A struct whose memory image is its wire form: one unaligned load or store.</summary>
/// <typeparam name="T">The struct.</typeparam>
internal sealed class BlittableFormatter<T> : PackFormatter<T>
{
    /// <inheritdoc/>
    public override int MinimumLength => Unsafe.SizeOf<T>();

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
    {
        Unsafe.WriteUnaligned(ref writer.GetSpanReference(Unsafe.SizeOf<T>()), value);
        writer.Advance(Unsafe.SizeOf<T>());
    }

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader)
    {
        T value = Unsafe.ReadUnaligned<T>(ref reader.GetSpanReference(Unsafe.SizeOf<T>()));
        reader.Advance(Unsafe.SizeOf<T>());
        return value;
    }
}
