using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using Pack.Formatters;

namespace Pack;

public static partial class PackSerializer
{
    private static readonly ConcurrentDictionary<Type, TypedSerializer> TypedSerializers = new();

    /// <summary>Serializes a value of a runtime type to a new byte array.</summary>
    /// <param name="value">The value, which must be assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared type that decides the encoding.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The Pack bytes.</returns>
    public static byte[] Serialize(object? value, Type type, PackSerializerOptions? options = null)
    {
        var buffer = PooledBufferWriter.Rent();
        try
        {
            For(type, value).Serialize(buffer, value, options);
            return buffer.WrittenSpan.ToArray();
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    /// <summary>Serializes a value of a runtime type into a buffer writer.</summary>
    /// <param name="destination">The buffer writer.</param>
    /// <param name="value">The value, which must be assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared type that decides the encoding.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    public static void Serialize(IBufferWriter<byte> destination, object? value, Type type, PackSerializerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(destination);
        For(type, value).Serialize(destination, value, options);
    }

    /// <summary>Serializes a value of a runtime type into a stream.</summary>
    /// <param name="destination">The stream.</param>
    /// <param name="value">The value, which must be assignable to <paramref name="type"/>.</param>
    /// <param name="type">The declared type that decides the encoding.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the write.</param>
    public static async ValueTask SerializeAsync(Stream destination, object? value, Type type, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var serializer = For(type, value);
        var buffer = PooledBufferWriter.Rent();
        try
        {
            serializer.Serialize(buffer, value, options);
            await destination.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    /// <summary>Deserializes a value of a runtime type from bytes.</summary>
    /// <param name="source">The Pack bytes.</param>
    /// <param name="type">The type to read.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed.</exception>
    public static object? Deserialize(ReadOnlySpan<byte> source, Type type, PackSerializerOptions? options = null)
        => For(type, null).Deserialize(source, options);

    /// <summary>Deserializes a value of a runtime type from a byte sequence.</summary>
    /// <param name="source">The Pack bytes.</param>
    /// <param name="type">The type to read.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed.</exception>
    public static object? Deserialize(in ReadOnlySequence<byte> source, Type type, PackSerializerOptions? options = null)
        => For(type, null).Deserialize(source, options);

    /// <summary>Deserializes a value of a runtime type from a stream, reading it to its end.</summary>
    /// <param name="source">The stream.</param>
    /// <param name="type">The type to read.</param>
    /// <param name="options">The options, or <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed or longer than the limit.</exception>
    public static async ValueTask<object?> DeserializeAsync(Stream source, Type type, PackSerializerOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead)
        {
            throw new ArgumentException("The stream cannot be read (it is write-only or disposed).", nameof(source));
        }

        var serializer = For(type, null);
        var buffer = PooledBufferWriter.Rent();
        try
        {
            await ReadToEndAsync(source, buffer, (options ?? PackSerializerOptions.Default).MaxPayloadLength, cancellationToken).ConfigureAwait(false);
            return serializer.Deserialize(buffer.WrittenSpan, options);
        }
        finally
        {
            PooledBufferWriter.Return(buffer);
        }
    }

    private static TypedSerializer For(Type type, object? value)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (value is not null && !type.IsInstanceOfType(value))
        {
            throw new ArgumentException($"The value of type {value.GetType()} is not assignable to {type}.", nameof(value));
        }

        return TypedSerializers.TryGetValue(type, out var serializer) ? serializer : TypedSerializers.GetOrAdd(type, CreateTypedSerializer(type));
    }

    /// <summary>
    /// Makes the overloads that take a <see cref="Type"/> work for <typeparamref name="T"/> without building a generic
    /// type at run time, which Native AOT cannot do. Generic entry points that pass <c>typeof(T)</c> on (the client's
    /// <c>PackContent.Create&lt;T&gt;</c>, the server's <c>PackBody&lt;T&gt;</c>) call it; it costs a static field read after the first call.
    /// </summary>
    /// <remarks>
    /// Public so that Pack.AspNetCore and Pack.Client, versioned as packages of their own, call it without access to
    /// Pack's internals; framework code that hands a generic type to the <see cref="Type"/>-based overloads may call it too.
    /// </remarks>
    /// <typeparam name="T">The type.</typeparam>
    public static void PrepareNonGeneric<T>() => _ = TypedSerializer<T>.Registered;

    private static TypedSerializer CreateTypedSerializer(Type type)
        => PackFormatterFactory.IsDynamicCodeSupported
            ? CreateTypedSerializerDynamic(type)
            : throw new NotSupportedException(
                $"The overloads of PackSerializer that take a Type cannot handle {type} in this process: it cannot generate code at run time (Native AOT) "
                + $"and {type.Name} has not been used through a generic API yet. Call the generic overload (Serialize<{type.Name}>, Deserialize<{type.Name}>) instead.");

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when PackFormatterFactory.IsDynamicCodeSupported, which is false under Native AOT; there the generic entry points register their types (PrepareNonGeneric).")]
    private static TypedSerializer CreateTypedSerializerDynamic(Type type)
        => (TypedSerializer)Activator.CreateInstance(typeof(TypedSerializer<>).MakeGenericType(type))!;

    /// <summary>Bridges the object-typed API to the generic one, once per type.</summary>
    private abstract class TypedSerializer
    {
        public abstract void Serialize(IBufferWriter<byte> destination, object? value, PackSerializerOptions? options);

        public abstract ValueTask SerializeAsync(System.IO.Pipelines.PipeWriter destination, object? value, PackSerializerOptions? options, bool flushLastPart, CancellationToken cancellationToken);

        public abstract object? Deserialize(ReadOnlySpan<byte> source, PackSerializerOptions? options);

        public abstract object? Deserialize(in ReadOnlySequence<byte> source, PackSerializerOptions? options);
    }

    private sealed class TypedSerializer<T> : TypedSerializer
    {
        /// <summary>Adds this bridge to the per-type table once, so the table never needs <c>MakeGenericType</c> for <typeparamref name="T"/>.</summary>
        public static readonly bool Registered = TypedSerializers.TryAdd(typeof(T), new TypedSerializer<T>());

        public override void Serialize(IBufferWriter<byte> destination, object? value, PackSerializerOptions? options)
            => SerializeCore(destination, (T?)value, options);

        public override ValueTask SerializeAsync(System.IO.Pipelines.PipeWriter destination, object? value, PackSerializerOptions? options, bool flushLastPart, CancellationToken cancellationToken)
            => PackSerializer.SerializeAsync(destination, (T?)value, options, PipeFlushThreshold, flushLastPart, cancellationToken);

        public override object? Deserialize(ReadOnlySpan<byte> source, PackSerializerOptions? options)
            => Deserialize<T>(source, options);

        public override object? Deserialize(in ReadOnlySequence<byte> source, PackSerializerOptions? options)
            => Deserialize<T>(source, options);
    }
}
