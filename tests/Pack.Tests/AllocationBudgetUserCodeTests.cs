using System.Buffers;
using System.Buffers.Binary;
using Pack.Streaming;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// The budget holds exactly as docs/robustness.md states it: a read allocates at most 16 x its length + 256 KiB
/// (including the <see cref="PackException"/> of a rejection and the copy the sequence and stream entry points make), plus,
/// for types with user code, what one object's constructor, initializers and setters allocate. Checked on every entry
/// point, for payloads small enough that charges alone never reach 64 KiB and for streams of frames.
/// </summary>
public sealed class AllocationBudgetUserCodeTests
{
    public static TheoryData<string, string> EntryPointsAndTypes()
    {
        var data = new TheoryData<string, string>();
        foreach (var entry in new[] { "span", "span-nongeneric", "sequence", "stream", "stream-nongeneric" })
        {
            foreach (var type in new[] { "AllocatingInitializer", "AllocatingConstructor", "AllocatingStruct", "FixedAllocatingConstructor", "FixedAllocatingHolder", "BlittableAllocatingConstructor" })
            {
                data.Add(entry, type);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(EntryPointsAndTypes))]
    public async Task Deserialize_SmallPayloadOfAllocatingObjects_RejectedWithinTheBudget(string entry, string typeName)
    {
        // 1,500 empty bodies (or fixed structs of 4-8 bytes) are 6-12 KB: charges alone (32 bytes an instance) never reach
        // 64 KiB, but each element runs user code that allocates 4-100 KB, so the read would allocate 6-150 MB.
        var (type, perObject) = Element(typeName);
        byte[] payload = Payload(1_500, perObject);
        long userCode = UserCodeAllocation(typeName);
        await Record.ExceptionAsync(() => Deserialize(entry, type, payload)); // warm up: contract building and JIT are not the payload's doing

        long before = GC.GetAllocatedBytesForCurrentThread();
        var exception = await Record.ExceptionAsync(() => Deserialize(entry, type, payload));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // The reader runs no constructor of AllocatingStruct (a struct starts from its default value) nor of the blittable
        // struct (one memory copy), so those decode; the others' user code (the fixed structs' constructors included, one
        // per element, inside a holder too) would allocate 6-150 MB and is rejected.
        bool runsNoUserCode = typeName is "AllocatingStruct" or "BlittableAllocatingConstructor";
        Assert.True(runsNoUserCode ? exception is null : exception is PackException { Message: var m } && m.Contains("budget", StringComparison.Ordinal), exception?.ToString());
        long bound = (16L * payload.Length) + PackSerializerOptions.AllocationAllowance + CopyBound(entry, payload.Length) + userCode;
        Assert.True(allocated <= bound, $"{typeName} via {entry}: {payload.Length} bytes allocated {allocated:N0}, over {bound:N0}");
    }

    [Theory]
    [InlineData("decimal?[]")]
    [InlineData("List<WideClass>")]
    [InlineData("HashSet<long?>")]
    [InlineData("string[]")]
    public void Deserialize_RejectedCodecOnlyShapes_AllocateAtMostTheBudgetExactly(string shape)
    {
        // No user code: the whole read, the exception included, stays within 16 x n + 256 KiB, not merely near it.
        foreach (int count in new[] { 20_000, 60_000, 300_000 })
        {
            var (type, element) = shape switch
            {
                "decimal?[]" => (typeof(decimal?[]), new byte[] { 0 }),
                "List<WideClass>" => (typeof(List<WideClass>), new byte[] { 0, 0, 0, 0 }),
                "HashSet<long?>" => (typeof(HashSet<long?>), new byte[] { 0 }),
                _ => (typeof(string[]), new byte[] { 5, 0, 2, 0, 0x61 }), // "a": short header, 1 unit, 1 byte
            };
            byte[] payload = Payload(count, element);
            if (shape == "HashSet<long?>")
            {
                payload = DistinctNullableLongs(count); // a set holds one null at most: distinct keys instead
            }

            long allocated = Measure(() => PackSerializer.Deserialize(payload, type));
            long bound = (16L * payload.Length) + PackSerializerOptions.AllocationAllowance;
            Assert.True(allocated <= bound, $"{shape} x {count}: {payload.Length} bytes allocated {allocated:N0}, over {bound:N0}");
        }
    }

    [Theory]
    [InlineData("AllocatingInitializer")]
    [InlineData("FixedAllocatingConstructor")]
    [InlineData("FixedAllocatingHolder")]
    public async Task ReadAsync_FramesOfAllocatingUserCode_RejectedWithinTheStreamBudget(string typeName)
    {
        // 6,000 frames of one empty body or one fixed struct each (54-78 KB): ~4 KB of initializer or constructor per
        // frame, 24 MB if nothing looked. A frame's payload is a whole payload: the class's empty body is the top-level
        // header -2 with member count 0 (6 bytes); a fixed struct is its 4 or 8 bytes.
        byte[] payload = typeName switch
        {
            "FixedAllocatingConstructor" => [0, 0, 0, 0],
            "FixedAllocatingHolder" => [0, 0, 0, 0, 0, 0, 0, 0],
            _ => [0xFE, 0xFF, 0xFF, 0xFF, 0, 0],
        };
        int frameLength = 5 + payload.Length;
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 6_000; i++)
        {
            var frame = buffer.GetSpan(frameLength);
            frame[0] = (byte)PackFrameKind.Item;
            BinaryPrimitives.WriteInt32LittleEndian(frame[1..], payload.Length);
            payload.CopyTo(frame[5..]);
            buffer.Advance(frameLength);
        }

        PackStream.WriteEnd(buffer);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        await ReadFrames(typeName, bytes); // warm up (the first read is expected to fail too)

        long before = GC.GetAllocatedBytesForCurrentThread();
        var (read, exception) = await ReadFrames(typeName, bytes);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.IsType<PackException>(exception);
        Assert.Contains("budget", exception.Message, StringComparison.Ordinal);
        Assert.InRange(read, 1, 5_999); // frames were read, and the budget stopped the stream before its end
        long received = (long)(read + 1) * frameLength;
        long bound = (16L * received) + PackSerializerOptions.AllocationAllowance + UserCodeAllocation(typeName) + StreamReaderOverhead;
        Assert.True(allocated <= bound, $"{typeName}: {read} frames ({received:N0} bytes) allocated {allocated:N0}, over {bound:N0}");
    }

    [Theory]
    [InlineData(0)]
    [InlineData(20)]
    public async Task CollectAsync_ManyNullFrames_ChargesTheListToTheStreamBudget(int copyBytesPerItem)
    {
        // 20,000 frames of a null decimal? (6 bytes each, 120 KB): 1 byte of payload each, 20 bytes of list slot each
        // (1.3 MB of doubling arrays), over 16 x 20,000 + 256 KiB.
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 20_000; i++)
        {
            PackStream.WriteItem<decimal?>(buffer, null);
        }

        PackStream.WriteEnd(buffer);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        await Record.ExceptionAsync(() => PackStream.CollectAsync<decimal?>(new MemoryStream(bytes), null, copyBytesPerItem, default));

        long before = GC.GetAllocatedBytesForCurrentThread();
        var task = PackStream.CollectAsync<decimal?>(new MemoryStream(bytes), null, copyBytesPerItem, default);
        Assert.True(task.IsCompleted); // a MemoryStream completes every read at once: all on this thread
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        var exception = await Record.ExceptionAsync(() => task);
        Assert.IsType<PackException>(exception);
        Assert.Contains("budget", exception.Message, StringComparison.Ordinal);
        long bound = (16L * 20_000) + PackSerializerOptions.AllocationAllowance + StreamReaderOverhead;
        Assert.True(allocated <= bound, $"collecting allocated {allocated:N0}, over {bound:N0}");
    }

    [Fact]
    public async Task CollectAsync_OrdinaryStream_CollectsEveryItem()
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 5_000; i++)
        {
            PackStream.WriteItem(buffer, i * 1.5m);
        }

        PackStream.WriteEnd(buffer);

        var items = await PackStream.CollectAsync<decimal>(new MemoryStream(buffer.WrittenSpan.ToArray()), null, 16, default);

        Assert.Equal(5_000, items.Count);
        Assert.Equal(4_999 * 1.5m, items[^1]);
    }

    // The stream reader's own fixed allocations outside the frames' budgets: the enumerator and its state, the
    // 5-byte header buffer, the exception's own stack trace (the reserve covers its message).
    private const long StreamReaderOverhead = 4 * 1024;

    // C in docs/robustness.md: the reader's own copy of the input, outside the budget's charges (so that the verdict is
    // the same on every path): the pool's bucket of n for a multi-segment sequence, the growing pooled buffer for a stream.
    private static long CopyBound(string entry, int length) => entry switch
    {
        "sequence" => (long)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)Math.Max(length, 16)),
        "stream" or "stream-nongeneric" => (4L * length) + (8 * 1024),
        _ => 0,
    };

    private static Task<(int Read, Exception? Exception)> ReadFrames(string typeName, byte[] bytes) => typeName switch
    {
        "FixedAllocatingConstructor" => ReadFrames<FixedAllocatingConstructor>(bytes),
        "FixedAllocatingHolder" => ReadFrames<FixedAllocatingHolder>(bytes),
        _ => ReadFrames<AllocatingInitializer>(bytes),
    };

    private static async Task<(int Read, Exception? Exception)> ReadFrames<T>(byte[] bytes)
    {
        int read = 0;
        var exception = await Record.ExceptionAsync(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<T>(new MemoryStream(bytes)))
            {
                read++;
            }
        });
        return (read, exception);
    }

    private static long Measure(Action read)
    {
        Record.Exception(read); // warm up
        long before = GC.GetAllocatedBytesForCurrentThread();
        var exception = Record.Exception(read);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.True(exception is null or PackException, exception?.ToString());
        return allocated;
    }

    private static async Task Deserialize(string entry, Type type, byte[] payload)
    {
        switch (entry)
        {
            case "span":
                _ = type switch
                {
                    _ when type == typeof(List<AllocatingInitializer>) => PackSerializer.Deserialize<List<AllocatingInitializer>>(payload)?.Count,
                    _ when type == typeof(List<AllocatingConstructor>) => PackSerializer.Deserialize<List<AllocatingConstructor>>(payload)?.Count,
                    _ when type == typeof(List<FixedAllocatingConstructor>) => PackSerializer.Deserialize<List<FixedAllocatingConstructor>>(payload)?.Count,
                    _ when type == typeof(List<FixedAllocatingHolder>) => PackSerializer.Deserialize<List<FixedAllocatingHolder>>(payload)?.Count,
                    _ when type == typeof(List<BlittableAllocatingConstructor>) => PackSerializer.Deserialize<List<BlittableAllocatingConstructor>>(payload)?.Count,
                    _ => PackSerializer.Deserialize<List<AllocatingStruct>>(payload)?.Count,
                };

                break;
            case "span-nongeneric":
                PackSerializer.Deserialize(payload, type);
                break;
            case "sequence":
                PackSerializer.Deserialize(Split(payload), type);
                break;
            case "stream":
                _ = type switch
                {
                    _ when type == typeof(List<AllocatingInitializer>) => (await PackSerializer.DeserializeAsync<List<AllocatingInitializer>>(new SynchronousStream(payload)))?.Count,
                    _ when type == typeof(List<AllocatingConstructor>) => (await PackSerializer.DeserializeAsync<List<AllocatingConstructor>>(new SynchronousStream(payload)))?.Count,
                    _ when type == typeof(List<FixedAllocatingConstructor>) => (await PackSerializer.DeserializeAsync<List<FixedAllocatingConstructor>>(new SynchronousStream(payload)))?.Count,
                    _ when type == typeof(List<FixedAllocatingHolder>) => (await PackSerializer.DeserializeAsync<List<FixedAllocatingHolder>>(new SynchronousStream(payload)))?.Count,
                    _ when type == typeof(List<BlittableAllocatingConstructor>) => (await PackSerializer.DeserializeAsync<List<BlittableAllocatingConstructor>>(new SynchronousStream(payload)))?.Count,
                    _ => (await PackSerializer.DeserializeAsync<List<AllocatingStruct>>(new SynchronousStream(payload)))?.Count,
                };

                break;
            default:
                await PackSerializer.DeserializeAsync(new SynchronousStream(payload), type);
                break;
        }
    }

    private static ReadOnlySequence<byte> Split(byte[] payload)
    {
        var first = new Segment(payload.AsMemory(0, payload.Length / 2), 0);
        var last = first.Append(payload.AsMemory(payload.Length / 2));
        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private static (Type Type, byte[] Element) Element(string name) => name switch
    {
        "AllocatingInitializer" => (typeof(List<AllocatingInitializer>), [0, 0, 0, 0]),
        "AllocatingConstructor" => (typeof(List<AllocatingConstructor>), [0, 0, 0, 0]),
        "FixedAllocatingConstructor" => (typeof(List<FixedAllocatingConstructor>), [0, 0, 0, 0]), // a fixed struct: its 4 bytes, no header
        "FixedAllocatingHolder" => (typeof(List<FixedAllocatingHolder>), [0, 0, 0, 0, 0, 0, 0, 0]),
        "BlittableAllocatingConstructor" => (typeof(List<BlittableAllocatingConstructor>), [0, 0, 0, 0]),
        _ => (typeof(List<AllocatingStruct>), [0, 0, 0, 0]),
    };

    private static long UserCodeAllocation(string name)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        object value = name switch
        {
            "AllocatingInitializer" => new AllocatingInitializer(),
            "AllocatingConstructor" => new AllocatingConstructor(),
            "FixedAllocatingConstructor" => new FixedAllocatingConstructor(1),
            "FixedAllocatingHolder" => new FixedAllocatingHolder { Inner = new FixedAllocatingConstructor(1) },
            "BlittableAllocatingConstructor" => new BlittableAllocatingConstructor(1),
            _ => new AllocatingStruct(),
        };
        GC.KeepAlive(value);
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static byte[] Payload(int count, byte[] element)
    {
        byte[] payload = new byte[4 + (count * element.Length)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        for (int i = 0; i < count; i++)
        {
            element.CopyTo(payload.AsSpan(4 + (i * element.Length)));
        }

        return payload;
    }

    private static byte[] DistinctNullableLongs(int count)
    {
        var set = new HashSet<long?>();
        for (int i = 0; i < count; i++)
        {
            set.Add(i);
        }

        return PackSerializer.Serialize(set);
    }

    /// <summary>A stream that is not a <see cref="MemoryStream"/> (no fast path) and completes every read at once, on this thread.</summary>
    private sealed class SynchronousStream(byte[] bytes) : Stream
    {
        private readonly MemoryStream _inner = new(bytes);

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, Math.Min(count, 1000));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
            => new(_inner.Read(buffer.Span[..Math.Min(buffer.Length, 1000)]));

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
