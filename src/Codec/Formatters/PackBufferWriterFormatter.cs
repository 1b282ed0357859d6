using System.Buffers;

namespace Pack.Formatters;

/// <summary>
/// A formatter with a non-generic body for <see cref="PackWriter{TBufferWriter}"/> over <see cref="IBufferWriter{T}"/>
/// of bytes, the writer every <see cref="PackSerializer"/> entry point and collection uses. Pack calls
/// <see cref="SerializeToBufferWriter"/> through a delegate bound to it once per type instead of the generic virtual
/// <see cref="PackFormatter{T}.Serialize{TBufferWriter}"/>, whose body over a reference-type writer runs as shared
/// generic code reached by a run-time lookup. Pack's source-generated formatters derive from it.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public abstract class PackBufferWriterFormatter<T> : PackFormatter<T>
{
    /// <summary>Writes a value to a writer over <see cref="IBufferWriter{T}"/> of bytes; the same bytes as <see cref="PackFormatter{T}.Serialize{TBufferWriter}"/>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    public abstract void SerializeToBufferWriter(ref PackWriter<IBufferWriter<byte>> writer, T? value);

    /// <summary>
    /// Whether a struct's memory image on this host is its wire form, so that Pack may copy it (and arrays of it) as raw
    /// memory: <see langword="true"/> or <see langword="false"/> when the formatter knows, <see langword="null"/> when
    /// Pack should inspect the type itself (by reflection, where run-time code is allowed; otherwise it is not copied raw).
    /// </summary>
    /// <remarks>
    /// Pack asks once per type, before the first value. Source-generated formatters decide from the contract rules at
    /// compile time and verify the layout at run time without reflection (the struct's size and each field's offset, on
    /// a little-endian host), so that the first use of a struct builds no reflection contract. Either answer writes the
    /// same bytes; raw copies are only faster.
    /// </remarks>
    public virtual bool? HasBlittableLayout => null;
}
