using System.Buffers;
using Pack.Formatters;
using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>
/// Generated formatters derive from <see cref="PackBufferWriterFormatter{T}"/>, and Pack writes through their
/// non-generic <see cref="PackBufferWriterFormatter{T}.SerializeToBufferWriter"/> (bound once) rather than the generic
/// virtual <see cref="PackFormatter{T}.Serialize{TBufferWriter}"/>: at the root, in collections and as a member.
/// </summary>
public class BufferWriterFormatterTests
{
    [Fact]
    public void GetFormatter_GeneratedObject_IsABufferWriterFormatter()
        => Assert.IsAssignableFrom<PackBufferWriterFormatter<InitOnly>>(ShapeContext.Default.GetFormatter<InitOnly>());

    [Fact]
    public void Serialize_BufferWriterFormatter_CallsTheNonGenericBodyAtTheRootAndInCollections()
    {
        var before = CountingFormatter.Calls;

        var root = PackSerializer.Serialize(new DirectWriterProbe(7));
        var list = PackSerializer.Serialize(new List<DirectWriterProbe> { new(1), new(2), new(3) });
        var holder = PackSerializer.Serialize(new DirectWriterHolder { Probe = new(9) });

        Assert.Equal((5, 0), (CountingFormatter.Calls.Direct - before.Direct, CountingFormatter.Calls.Generic - before.Generic));
        Assert.Equal(7, PackSerializer.Deserialize<DirectWriterProbe>(root)!.Value);
        Assert.Equal([1, 2, 3], PackSerializer.Deserialize<List<DirectWriterProbe>>(list)!.Select(p => p.Value));
        Assert.Equal(9, PackSerializer.Deserialize<DirectWriterHolder>(holder)!.Probe!.Value);
    }

    [Fact]
    public void Serialize_OtherBufferWriterType_UsesTheGenericBody()
    {
        var before = CountingFormatter.Calls;
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new PackWriter<ArrayBufferWriter<byte>>(ref buffer, null);

        writer.WriteValue(new DirectWriterProbe(4));
        writer.Flush();

        Assert.Equal((0, 1), (CountingFormatter.Calls.Direct - before.Direct, CountingFormatter.Calls.Generic - before.Generic));
        Assert.Equal(PackSerializer.Serialize(new DirectWriterProbe(4)), buffer.WrittenSpan.ToArray());
    }

    /// <summary>A type only these tests use, so the process-wide registration below touches nothing else.</summary>
    public sealed record DirectWriterProbe(int Value);

    /// <summary>Holds the probe as a member.</summary>
    public sealed class DirectWriterHolder
    {
        /// <summary>The probe.</summary>
        public DirectWriterProbe? Probe { get; set; }
    }

    private sealed class CountingResolver : IPackFormatterResolver
    {
        public static readonly CountingResolver Instance = new();

        static CountingResolver() => PackSerializer.AddResolver(Instance);

        public PackFormatter<T>? GetFormatter<T>()
            => typeof(T) == typeof(DirectWriterProbe) ? (PackFormatter<T>)(object)new CountingFormatter() : null;
    }

    private sealed class CountingFormatter : PackBufferWriterFormatter<DirectWriterProbe>
    {
        private static int s_direct;
        private static int s_generic;

        static CountingFormatter() => _ = CountingResolver.Instance;

        public static (int Direct, int Generic) Calls
        {
            get
            {
                _ = CountingResolver.Instance;
                return (Volatile.Read(ref s_direct), Volatile.Read(ref s_generic));
            }
        }

        public override int MinimumLength => 4;

        public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, DirectWriterProbe? value)
        {
            Interlocked.Increment(ref s_generic);
            writer.WriteInt32(value!.Value);
        }

        public override void SerializeToBufferWriter(ref PackWriter<IBufferWriter<byte>> writer, DirectWriterProbe? value)
        {
            Interlocked.Increment(ref s_direct);
            writer.WriteInt32(value!.Value);
        }

        public override DirectWriterProbe? Deserialize(ref PackReader reader) => new(reader.ReadInt32());
    }
}
