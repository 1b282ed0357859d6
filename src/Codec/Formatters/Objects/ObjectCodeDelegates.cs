using System.Buffers;

namespace Pack.Formatters.Objects;

/// <summary>The generated writer of a type's members.</summary>
internal delegate void SerializeMethod<TBufferWriter, T>(ref PackWriter<TBufferWriter> writer, T value)
    where TBufferWriter : IBufferWriter<byte>;

/// <summary>The generated reader of a type's members.</summary>
internal delegate T DeserializeMethod<T>(ref PackReader reader);
