using System.Buffers;
using Pack.Formatters;
using Pack.Formatters.Objects;

namespace Pack.Generator.Tests;

/// <summary>Writes and reads through one given formatter, with the serializer's top-level framing and error wrapping.</summary>
internal static class Codec
{
    public static byte[] Write<T>(PackFormatter<T> formatter, T? value)
    {
        IBufferWriter<byte> buffer = new ArrayBufferWriter<byte>();
        var writer = new PackWriter<IBufferWriter<byte>>(ref buffer, null);
        formatter.Serialize(ref writer, value);
        writer.Flush();
        return ((ArrayBufferWriter<byte>)buffer).WrittenSpan.ToArray();
    }

    /// <summary>Writes through a concrete buffer-writer type: the generated formatter's generic body rather than its IBufferWriter copy.</summary>
    public static byte[] WriteConcrete<T>(PackFormatter<T> formatter, T? value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new PackWriter<ArrayBufferWriter<byte>>(ref buffer, null);
        formatter.Serialize(ref writer, value);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    public static T? Read<T>(PackFormatter<T> formatter, byte[] bytes)
    {
        var reader = new PackReader(bytes, null);
        try
        {
            var value = formatter.Deserialize(ref reader);
            reader.EnsureFullyConsumed();
            return value;
        }
        catch (Exception exception) when (exception is not (PackException or NotSupportedException))
        {
            throw new PackException($"Reading {typeof(T)} failed: {exception.Message}", reader.Position, exception);
        }
    }

    /// <summary>
    /// The run-time (IL) formatter of an object type, built by hand since the cache holds the generated one: as
    /// PackFormatterFactory chooses it, one copy for a blittable struct, member by member otherwise.
    /// </summary>
    public static PackFormatter<T>? Il<T>()
        => !PackFormatterFactory.IsObjectType(typeof(T)) || typeof(T).IsAbstract ? null
            : TypeLayout.IsBlittable(typeof(T)) ? (PackFormatter<T>)Activator.CreateInstance(typeof(BlittableFormatter<>).MakeGenericType(typeof(T)))!
            : new ObjectFormatter<T>();

    /// <summary>The generated formatter of <typeparamref name="T"/> (null for primitives, which need none).</summary>
    public static PackFormatter<T>? Generated<T>()
        => GoldenVectorContext.Default.GetFormatter<T>() ?? ShapeContext.Default.GetFormatter<T>();
}
