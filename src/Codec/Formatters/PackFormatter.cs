using System.Buffers;

namespace Pack.Formatters;

/// <summary>
/// Writes and reads values of one type. Pack produces one formatter per type, once, and caches it in a static
/// generic field; formatters must be stateless and thread-safe.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public abstract class PackFormatter<T>
{
    /// <summary>The fewest bytes a value of <typeparamref name="T"/> takes on the wire; used to bound collection counts before allocating.</summary>
    public virtual int MinimumLength => 4;

    /// <summary>Writes a value.</summary>
    /// <typeparam name="TBufferWriter">The destination buffer writer.</typeparam>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    public abstract void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
        where TBufferWriter : IBufferWriter<byte>;

    /// <summary>Reads a value.</summary>
    /// <param name="reader">The reader.</param>
    public abstract T? Deserialize(ref PackReader reader);
}
