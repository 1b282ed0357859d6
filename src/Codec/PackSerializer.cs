using System.Buffers;

namespace Pack;

/// <summary>Serializes values to and from the Pack binary format.</summary>
public static partial class PackSerializer
{
    /// <summary>Serializes a value to a new byte array.</summary>
    public static byte[] Serialize<T>(T? value, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Serializes a value into a buffer writer.</summary>
    public static void Serialize<T>(IBufferWriter<byte> destination, T? value, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Serializes a value into a stream.</summary>
    public static ValueTask SerializeAsync<T>(Stream destination, T? value, PackSerializerOptions? options = null, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Deserializes a value from bytes.</summary>
    public static T? Deserialize<T>(ReadOnlySpan<byte> source, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Deserializes a value from a byte sequence.</summary>
    public static T? Deserialize<T>(in ReadOnlySequence<byte> source, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Deserializes a value from a stream, reading it to its end.</summary>
    public static ValueTask<T?> DeserializeAsync<T>(Stream source, PackSerializerOptions? options = null, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Serializes a value of a runtime type to a new byte array.</summary>
    public static byte[] Serialize(object? value, Type type, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Serializes a value of a runtime type into a buffer writer.</summary>
    public static void Serialize(IBufferWriter<byte> destination, object? value, Type type, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Serializes a value of a runtime type into a stream.</summary>
    public static ValueTask SerializeAsync(Stream destination, object? value, Type type, PackSerializerOptions? options = null, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Deserializes a value of a runtime type from bytes.</summary>
    public static object? Deserialize(ReadOnlySpan<byte> source, Type type, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Deserializes a value of a runtime type from a byte sequence.</summary>
    public static object? Deserialize(in ReadOnlySequence<byte> source, Type type, PackSerializerOptions? options = null) => throw new NotImplementedException();

    /// <summary>Deserializes a value of a runtime type from a stream, reading it to its end.</summary>
    public static ValueTask<object?> DeserializeAsync(Stream source, Type type, PackSerializerOptions? options = null, CancellationToken cancellationToken = default) => throw new NotImplementedException();
}
