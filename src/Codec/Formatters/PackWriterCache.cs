using System.Buffers;
using Pack.Formatters.Objects;

namespace Pack.Formatters;

/// <summary>
/// A direct delegate to <typeparamref name="T"/>'s writer for one buffer-writer type, so writing a value is a delegate
/// call rather than a generic virtual call (whose dispatch needs a run-time lookup). Objects get their generated code itself.
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
        return formatter is ObjectFormatter<T> objectFormatter
            ? objectFormatter.GetWriter<TBufferWriter>()
            : new SerializeMethod<TBufferWriter, T>(formatter.Serialize<TBufferWriter>);
    }
}
