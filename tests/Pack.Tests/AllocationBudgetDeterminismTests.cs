using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using System.Reflection;
using Pack.Streaming;
using Pack.Tests.GoldenVectors;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// The allocation budget's verdict is a function of the bytes, the contract and the options only (wire format §12): the
/// same payload read from a span, from a sequence of any segmentation (1-byte segments included), from a stream that
/// trickles 1-3 bytes a read and from a pipe is accepted by all or rejected by all, at one offset.
/// </summary>
public sealed class AllocationBudgetDeterminismTests
{
    private const int Seed = 20261202;

    // 1 to 6 put the hostile payloads on both sides of their budget; 16 is the default.
    private static readonly int[] Ratios = [1, 2, 3, 4, 6, 16];

    public static TheoryData<string> VectorIds
        => new(GoldenVectorFiles.OfKind(GoldenVectorKind.Both, GoldenVectorKind.Decode, GoldenVectorKind.Invalid).Select(v => v.Id).Order(StringComparer.Ordinal));

    public static TheoryData<string> StreamVectorIds
        => new(GoldenVectorFiles.OfKind(GoldenVectorKind.Stream, GoldenVectorKind.InvalidStream).Select(v => v.Id).Order(StringComparer.Ordinal));

    public static TheoryData<string> HostileNames => new(Hostile.Keys.Order(StringComparer.Ordinal));

    private static Dictionary<string, (Type Type, byte[] Bytes)> Hostile { get; } = new(StringComparer.Ordinal)
    {
        // The issue's payload: a List<Member> of 4,096 empty bodies, 16,388 bytes (accepted from a span and rejected from
        // 1-byte segments before the budget was made of charges alone).
        ["members-as-empty-bodies"] = (typeof(List<Member>), Repeated(4_096, [0, 0, 0, 0])),
        ["nullable-wide-structs"] = (typeof(SixteenDecimals?[]), Repeated(2_000, [0])),
        ["nullable-decimals"] = (typeof(List<decimal?>), Repeated(20_000, [0])),
        ["wide-classes-in-a-dictionary"] = (typeof(Dictionary<int, WideClass>), Keyed(3_000, [0, 0, 0, 0])),
        ["initializers-that-allocate"] = (typeof(WithInitializers[]), Repeated(1_500, [0, 0, 0, 0])),
        ["constructor-that-allocates"] = (typeof(List<AllocatingConstructor>), Repeated(50, [0, 0, 0, 0])),
        ["fixed-struct-constructor-that-allocates"] = (typeof(FixedAllocatingConstructor[]), Repeated(1_500, [1, 0, 0, 0])),
        ["user-struct-keys"] = (typeof(HashSet<FixedAllocatingHolder>), Counted(40, 8)),
        ["empty-strings"] = (typeof(string[]), Repeated(20_000, [0])),
        ["truncated-after-members"] = (typeof(List<Member>), Repeated(4_096, [0, 0, 0, 0])[..^2]),
    };

    [Theory]
    [MemberData(nameof(VectorIds))]
    public async Task Deserialize_GoldenVector_OneVerdictOnEveryPath(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var type = TypesByName.Value[vector.TypeName];
        foreach (int ratio in Ratios)
        {
            await AssertOneVerdictAsync(id, type, vector.Bytes, new PackSerializerOptions { MaxAllocationRatio = ratio });
        }
    }

    [Theory]
    [MemberData(nameof(HostileNames))]
    public async Task Deserialize_HostilePayload_OneVerdictOnEveryPath(string name)
    {
        var (type, bytes) = Hostile[name];
        foreach (int ratio in Ratios)
        {
            await AssertOneVerdictAsync(name, type, bytes, new PackSerializerOptions { MaxAllocationRatio = ratio });
        }
    }

    [Fact]
    public async Task Deserialize_HostilePayloads_SomeRatiosAcceptAndSomeReject()
    {
        // The corpus sits on both sides of its budgets, so the agreement above is tested where it can break.
        int accepted = 0, rejected = 0;
        foreach (var (type, bytes) in Hostile.Values)
        {
            foreach (int ratio in Ratios)
            {
                var verdict = await ReadAsync(ReadPath.Span, type, bytes, new PackSerializerOptions { MaxAllocationRatio = ratio });
                if (verdict.Accepted)
                {
                    accepted++;
                }
                else if (verdict.Budget)
                {
                    rejected++;
                }
            }
        }

        Assert.True(accepted > 5, $"accepted {accepted}");
        Assert.True(rejected > 5, $"rejected {rejected}");
    }

    [Fact]
    public void Deserialize_IssueRepro_SpanAndOneByteSegmentsAgree()
    {
        // Issue 41: 16,388 bytes, a List<Member> of 4,096 empty bodies, with the default options.
        byte[] bytes = Repeated(4_096, [0, 0, 0, 0]);
        Assert.Equal(16_388, bytes.Length);

        var fromSpan = PackSerializer.Deserialize<List<Member>>(bytes);
        var fromSegments = PackSerializer.Deserialize<List<Member>>(Segment(bytes, new Random(Seed), oneByte: true));

        Assert.Equal(4_096, fromSpan!.Count);
        Assert.Equal(4_096, fromSegments!.Count);
    }

    [Fact]
    public void Deserialize_IssueRepro_TightBudgetRejectsOnEveryPathAtOneOffset()
    {
        // 4,096 instances of 64 bytes and the list's 32 KB charge 294,976 bytes; at a ratio of 3 the read may charge
        // 3 x 16,388 + 256 KiB - 16 KiB = 294,924: rejected at the last member, from a span and from 1-byte segments alike.
        byte[] bytes = Repeated(4_096, [0, 0, 0, 0]);
        var options = new PackSerializerOptions { MaxAllocationRatio = 3 };

        var fromSpan = Assert.Throws<PackException>(() => PackSerializer.Deserialize<List<Member>>(bytes, options));
        var fromSegments = Assert.Throws<PackException>(() => PackSerializer.Deserialize<List<Member>>(Segment(bytes, new Random(Seed), oneByte: true), options));

        Assert.Contains("budget", fromSpan.Message, StringComparison.Ordinal);
        Assert.Equal(fromSpan.Offset, fromSegments.Offset);
        Assert.Equal(4 + (4 * 4_095) + 4, fromSpan.Offset);
        Assert.Equal(4_096, PackSerializer.Deserialize<List<Member>>(bytes, new PackSerializerOptions { MaxAllocationRatio = 4 })!.Count);
    }

    [Theory]
    [MemberData(nameof(StreamVectorIds))]
    public async Task ReadAsync_StreamVector_OneVerdictFromEverySource(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var type = TypesByName.Value[vector.TypeName];
        await AssertOneStreamVerdictAsync(id, type, vector.Bytes);
    }

    [Theory]
    [InlineData(20_000)]
    [InlineData(6_000)]
    public async Task ReadAsync_ManySmallFrames_OneVerdictFromEverySource(int frames)
    {
        // Null decimal? frames are within the ratio; frames of an allocating empty body spend the stream's one allowance.
        var nulls = new ArrayBufferWriter<byte>();
        var bodies = new ArrayBufferWriter<byte>();
        for (int i = 0; i < frames; i++)
        {
            PackStream.WriteItem(nulls, (decimal?)null);
            PackStream.WriteItem(bodies, new WithInitializers());
        }

        PackStream.WriteEnd(nulls);
        PackStream.WriteEnd(bodies);

        await AssertOneStreamVerdictAsync("nulls", typeof(decimal?), nulls.WrittenSpan.ToArray());
        await AssertOneStreamVerdictAsync("allocating bodies", typeof(WithInitializers), bodies.WrittenSpan.ToArray());
    }

    private static readonly Lazy<Dictionary<string, Type>> TypesByName = new(() =>
    {
        var types = new Dictionary<string, Type>(StringComparer.Ordinal);
        foreach (var type in VectorCatalog.Values.Values.Select(v => v.Type).Concat(VectorCatalog.Streams.Values.Select(s => s.ItemType)).Concat(VectorCatalog.InvalidOnlyTypes))
        {
            types.TryAdd(VectorTypeName.Format(type), type);
        }

        return types;
    });

    private enum ReadPath
    {
        Span,
        NonGenericSpan,
        OneByteSegments,
        RandomSegments,
        TricklingStream,
        NonGenericTricklingStream,
        Pipe,
    }

    private static async Task AssertOneVerdictAsync(string name, Type type, byte[] bytes, PackSerializerOptions options)
    {
        // A warm read first: user code's one-time work in the process is charged once, to its first read (docs/robustness.md).
        await ReadAsync(ReadPath.Span, type, bytes, options);
        var expected = await ReadAsync(ReadPath.Span, type, bytes, options);
        foreach (var path in Enum.GetValues<ReadPath>())
        {
            var actual = await ReadAsync(path, type, bytes, options);
            Assert.True(expected == actual, $"{name} at ratio {options.MaxAllocationRatio}: {path} gave {actual}, the span {expected}");
        }
    }

    private static async Task<Verdict> ReadAsync(ReadPath path, Type type, byte[] bytes, PackSerializerOptions options)
    {
        try
        {
            switch (path)
            {
                case ReadPath.Span:
                    Invoke(nameof(ReadSpan), type, bytes, options);
                    break;
                case ReadPath.NonGenericSpan:
                    PackSerializer.Deserialize(bytes, type, options);
                    break;
                case ReadPath.OneByteSegments:
                    PackSerializer.Deserialize(Segment(bytes, new Random(Seed), oneByte: true), type, options);
                    break;
                case ReadPath.RandomSegments:
                    var random = new Random(Seed ^ bytes.Length);
                    for (int i = 0; i < 3; i++)
                    {
                        Invoke(nameof(ReadSequence), type, Segment(bytes, random, oneByte: false), options);
                    }

                    break;
                case ReadPath.TricklingStream:
                    await (Task)Invoke(nameof(ReadStreamAsync), type, new ChunkedReadStream(bytes, 1, 3, Seed, yieldSometimes: true), options)!;
                    break;
                case ReadPath.NonGenericTricklingStream:
                    await PackSerializer.DeserializeAsync(new ChunkedReadStream(bytes, 1, 3, Seed, yieldSometimes: true), type, options);
                    break;
                case ReadPath.Pipe:
                    await (Task)Invoke(nameof(ReadPipeAsync), type, bytes, options)!;
                    break;
            }

            return new Verdict(true, false, -1);
        }
        catch (TargetInvocationException invocation) when (invocation.InnerException is PackException exception)
        {
            return Verdict.Of(exception);
        }
        catch (PackException exception)
        {
            return Verdict.Of(exception);
        }
    }

    private static async Task AssertOneStreamVerdictAsync(string name, Type type, byte[] bytes)
    {
        await (Task<Verdict>)Invoke(nameof(ReadFramesAsync), type, new MemoryStream(bytes, writable: false))!; // warm
        var expected = await (Task<Verdict>)Invoke(nameof(ReadFramesAsync), type, new MemoryStream(bytes, writable: false))!;
        var trickling = await (Task<Verdict>)Invoke(nameof(ReadFramesAsync), type, new ChunkedReadStream(bytes, 1, 3, Seed, yieldSometimes: true))!;
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0)); // the whole stream waits in the pipe
        await pipe.Writer.WriteAsync(bytes);
        await pipe.Writer.CompleteAsync();
        var piped = await (Task<Verdict>)Invoke(nameof(ReadFramesAsync), type, pipe.Reader.AsStream())!;

        Assert.True(expected == trickling, $"{name}: trickling {trickling}, buffered {expected}");
        Assert.True(expected == piped, $"{name}: pipe {piped}, buffered {expected}");
    }

    private static object? Invoke(string method, Type typeArgument, params object?[] arguments)
        => typeof(AllocationBudgetDeterminismTests).GetMethod(method, BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(typeArgument).Invoke(null, arguments);

    private static void ReadSpan<T>(byte[] bytes, PackSerializerOptions options) => PackSerializer.Deserialize<T>(bytes, options);

    private static void ReadSequence<T>(ReadOnlySequence<byte> bytes, PackSerializerOptions options) => PackSerializer.Deserialize<T>(bytes, options);

    private static async Task ReadStreamAsync<T>(Stream stream, PackSerializerOptions options) => await PackSerializer.DeserializeAsync<T>(stream, options);

    private static async Task ReadPipeAsync<T>(byte[] bytes, PackSerializerOptions options)
    {
        // The way a request body arrives: chunks written and flushed as they come, read once the writer completes.
        var pipe = new Pipe(new PipeOptions(minimumSegmentSize: 16, pauseWriterThreshold: 0));
        var random = new Random(Seed);
        for (int i = 0; i < bytes.Length;)
        {
            int n = Math.Min(bytes.Length - i, random.Next(1, 64));
            await pipe.Writer.WriteAsync(bytes.AsMemory(i, n));
            i += n;
        }

        await pipe.Writer.CompleteAsync();
        ReadResult result;
        while (!(result = await pipe.Reader.ReadAsync()).IsCompleted)
        {
            pipe.Reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }

        try
        {
            PackSerializer.Deserialize<T>(result.Buffer, options);
        }
        finally
        {
            pipe.Reader.AdvanceTo(result.Buffer.End);
            await pipe.Reader.CompleteAsync();
        }
    }

    private static async Task<Verdict> ReadFramesAsync<T>(Stream stream)
    {
        try
        {
            await foreach (var item in PackStream.ReadAsync<T>(stream))
            {
                GC.KeepAlive(item);
            }

            return new Verdict(true, false, -1);
        }
        catch (PackException exception)
        {
            return Verdict.Of(exception);
        }
        catch (PackStreamException)
        {
            return new Verdict(true, false, -2);
        }
    }

    private static ReadOnlySequence<byte> Segment(byte[] bytes, Random random, bool oneByte)
    {
        if (bytes.Length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        var first = new BufferSegment(bytes.AsMemory(0, oneByte ? 1 : Math.Min(bytes.Length, random.Next(1, 32))));
        var last = first;
        for (int i = (int)first.Memory.Length; i < bytes.Length;)
        {
            int n = oneByte ? 1 : Math.Min(bytes.Length - i, random.Next(1, random.Next(2) == 0 ? 4 : 4_096));
            last = last.Append(bytes.AsMemory(i, n));
            i += n;
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private static byte[] Repeated(int count, byte[] element)
    {
        byte[] payload = new byte[4 + (count * element.Length)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        for (int i = 0; i < count; i++)
        {
            element.CopyTo(payload, 4 + (i * element.Length));
        }

        return payload;
    }

    private static byte[] Keyed(int count, byte[] value)
    {
        int size = 4 + value.Length;
        byte[] payload = new byte[4 + (count * size)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        for (int i = 0; i < count; i++)
        {
            BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(4 + (i * size)), i);
            value.CopyTo(payload, 4 + (i * size) + 4);
        }

        return payload;
    }

    // Distinct fixed elements of `size` bytes whose first int counts up (distinct set elements).
    private static byte[] Counted(int count, int size)
    {
        byte[] payload = new byte[4 + (count * size)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        for (int i = 0; i < count; i++)
        {
            BinaryPrimitives.WriteInt32LittleEndian(payload.AsSpan(4 + (i * size)), i);
        }

        return payload;
    }

    /// <summary>The outcome of one read: accepted, or rejected (by the budget or not) at an offset.</summary>
    private readonly record struct Verdict(bool Accepted, bool Budget, long Offset)
    {
        public static Verdict Of(PackException exception) => new(false, exception.Message.Contains("budget", StringComparison.Ordinal), exception.Offset);
    }

    private sealed class BufferSegment : ReadOnlySequenceSegment<byte>
    {
        public BufferSegment(ReadOnlyMemory<byte> memory) => Memory = memory;

        public BufferSegment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new BufferSegment(memory) { RunningIndex = RunningIndex + Memory.Length };
            Next = next;
            return next;
        }
    }
}
