using System.Buffers;
using Pack.Formatters.Objects;

namespace Pack.Formatters;

/// <summary>
/// A direct delegate to <typeparamref name="T"/>'s writer for one buffer-writer type, so writing a value is a delegate
/// call rather than a generic virtual call (whose dispatch needs a run-time lookup). Objects get their generated code itself:
/// the IL path's emitted method, or a source-generated formatter's <see cref="PackBufferWriterFormatter{T}.SerializeToBufferWriter"/>.
/// </summary>
/// <typeparam name="T">The value type.</typeparam>
/// <typeparam name="TBufferWriter">The buffer writer type.</typeparam>
internal static class PackWriterCache<T, TBufferWriter>
    where TBufferWriter : IBufferWriter<byte>
{
    public static readonly SerializeMethod<TBufferWriter, T> Method = Create();

    private static SerializeMethod<TBufferWriter, T> Create()
    {
        var formatter = PackFormatterCache<T>.Formatter;
        if (formatter is ObjectFormatter<T> objectFormatter)
        {
            return objectFormatter.GetWriter<TBufferWriter>();
        }

        if (typeof(TBufferWriter) == typeof(IBufferWriter<byte>) && formatter is PackBufferWriterFormatter<T> direct)
        {
            // Source-generated formatters: their non-generic body, bound once, instead of a generic virtual call.
            return (SerializeMethod<TBufferWriter, T>)(object)new SerializeMethod<IBufferWriter<byte>, T>(direct.SerializeToBufferWriter);
        }

        return new SerializeMethod<TBufferWriter, T>(formatter.Serialize<TBufferWriter>);
    }
}
