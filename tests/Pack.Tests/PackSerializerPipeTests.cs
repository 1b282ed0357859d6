using System.IO.Pipelines;
using System.Reflection;
using Pack.Tests.GoldenVectors;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// <see cref="PackSerializer.SerializeAsync{T}(PipeWriter, T, PackSerializerOptions?, CancellationToken)"/>: the bytes
/// must be those of <see cref="PackSerializer.Serialize{T}(T, PackSerializerOptions?)"/> wherever the payload is split,
/// and a large payload must reach the pipe in bounded chunks, one flush each.
/// </summary>
public class PackSerializerPipeTests
{
    private const int Threshold = PackSerializer.PipeFlushThreshold;

    private static readonly MethodInfo SerializeWithThreshold = typeof(PackSerializer)
        .GetMethods(BindingFlags.NonPublic | BindingFlags.Static)
        .Single(m => m.Name == nameof(PackSerializer.SerializeAsync) && m.IsGenericMethodDefinition && m.GetParameters().Length == 5);

    public static TheoryData<string> EncodableVectors
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (var vector in GoldenVectorFiles.OfKind(GoldenVectorKind.Both))
            {
                data.Add(vector.Id);
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public async Task SerializeAsync_GoldenVectorFlushedAtEverySafePoint_ProducesExactBytes(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Values[id];
        var pipe = new RecordingPipeWriter { FlushAsynchronously = true };

        // A threshold of one byte splits the payload at every safe point it has.
        await (ValueTask)SerializeWithThreshold.MakeGenericMethod(expected.Type).Invoke(null, [pipe, expected.Value, null, 1, CancellationToken.None])!;

        Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(pipe.Written));
        Assert.Equal(0, pipe.UnflushedBytes);
    }

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public async Task SerializeAsync_GoldenVectorThroughRuntimeType_ProducesExactBytesInOneFlush(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Values[id];
        var pipe = new RecordingPipeWriter();

        await PackSerializer.SerializeAsync(pipe, expected.Value, expected.Type);

        Assert.Equal(Convert.ToHexStringLower(vector.Bytes), Convert.ToHexStringLower(pipe.Written));
        Assert.Equal([vector.Bytes.Length], pipe.Chunks);
    }

    [Theory]
    [InlineData(3, false, false)]
    [InlineData(3, false, true)]
    [InlineData(100_000, false, false)]
    [InlineData(100_000, true, true)]
    public async Task SerializeAsync_WithoutLastFlush_LeavesOnlyTheLastPartUnflushed(int members, bool asynchronous, bool runtimeType)
    {
        var organization = Organization.Create(members);
        var expected = PackSerializer.Serialize(organization);
        var pipe = new RecordingPipeWriter { FlushAsynchronously = asynchronous };

        await (runtimeType
            ? PackSerializer.SerializeAsync(pipe, organization, typeof(Organization), options: null, flushLastPart: false)
            : PackSerializer.SerializeAsync(pipe, organization, options: null, flushLastPart: false));

        Assert.True(expected.AsSpan().SequenceEqual(pipe.Written), "the bytes differ from Serialize's");
        Assert.InRange(pipe.UnflushedBytes, 1, Threshold + LargestMember(organization.Members!));
        Assert.Equal(expected.Length, pipe.Chunks.Sum() + pipe.UnflushedBytes);
        if (expected.Length < Threshold)
        {
            Assert.Empty(pipe.Chunks); // A payload of one part is never flushed: the pipe's owner sends it.
        }
        else
        {
            // Every flush but the one left out still ends at the first safe point past the threshold.
            Assert.NotEmpty(pipe.Chunks);
            Assert.All(pipe.Chunks, chunk => Assert.InRange(chunk, Threshold, Threshold + LargestMember(organization.Members!)));
        }
    }

    [Theory]
    [InlineData(0, false)]
    [InlineData(1_000, false)]
    [InlineData(100_000, false)]
    [InlineData(100_000, true)]
    public async Task SerializeAsync_Organization_ProducesSerializeBytesInBoundedChunks(int members, bool asynchronous)
    {
        var organization = Organization.Create(members);
        var expected = PackSerializer.Serialize(organization);
        var pipe = new RecordingPipeWriter { FlushAsynchronously = asynchronous };

        await PackSerializer.SerializeAsync(pipe, organization);

        Assert.True(expected.AsSpan().SequenceEqual(pipe.Written), "the bytes differ from Serialize's");
        AssertBoundedChunks(pipe, expected.Length, LargestMember(organization.Members!));
    }

    [Fact]
    public async Task SerializeAsync_TopLevelList_ProducesSerializeBytesInBoundedChunks()
    {
        var members = Organization.Create(50_000).Members!;
        var expected = PackSerializer.Serialize(members);
        var pipe = new RecordingPipeWriter { FlushAsynchronously = true };

        await PackSerializer.SerializeAsync(pipe, members);

        Assert.True(expected.AsSpan().SequenceEqual(pipe.Written), "the bytes differ from Serialize's");
        AssertBoundedChunks(pipe, expected.Length, LargestMember(members));
    }

    [Fact]
    public async Task SerializeAsync_LargeBlittableArrayMember_ProducesSerializeBytesInBoundedChunks()
    {
        var holder = new Holder<long[]> { Value = Enumerable.Range(0, 100_000).Select(i => (long)i * 31).ToArray() };
        var expected = PackSerializer.Serialize(holder);
        var pipe = new RecordingPipeWriter();

        await PackSerializer.SerializeAsync(pipe, holder);

        Assert.True(expected.AsSpan().SequenceEqual(pipe.Written), "the bytes differ from Serialize's");
        AssertBoundedChunks(pipe, expected.Length, sizeof(long));
    }

    [Fact]
    public async Task SerializeAsync_SmallObject_WritesOnceAndFlushesOnce()
    {
        var small = new SmallObject { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" };
        var pipe = new RecordingPipeWriter();

        await PackSerializer.SerializeAsync(pipe, small);

        Assert.Equal(PackSerializer.Serialize(small), pipe.Written.ToArray());
        Assert.Single(pipe.Chunks);
    }

    [Fact]
    public async Task SerializeAsync_NullOrganization_WritesNullMarker()
    {
        var pipe = new RecordingPipeWriter();

        await PackSerializer.SerializeAsync<Organization>(pipe, null);

        Assert.Equal(PackSerializer.Serialize<Organization>(null), pipe.Written.ToArray());
    }

    [Fact]
    public async Task SerializeAsync_ReaderCompleted_StopsWritingWithoutError()
    {
        var organization = Organization.Create(100_000);
        var pipe = new RecordingPipeWriter { CompleteReaderAtFlush = 2 };

        await PackSerializer.SerializeAsync(pipe, organization);

        Assert.Equal(2, pipe.Chunks.Count);
        Assert.True(pipe.Written.Length < PackSerializer.Serialize(organization).Length);
        Assert.False(pipe.Completed);
    }

    [Fact]
    public async Task SerializeAsync_FlushCanceled_ThrowsOperationCanceledException()
    {
        var pipe = new RecordingPipeWriter { CancelAtFlush = 1, FlushAsynchronously = true };

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await PackSerializer.SerializeAsync(pipe, Organization.Create(100_000)));
        Assert.Single(pipe.Chunks);
    }

    [Fact]
    public async Task SerializeAsync_SmallPayloadFlushCanceled_ThrowsOperationCanceledException()
    {
        var pipe = new RecordingPipeWriter { CancelAtFlush = 1 };

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await PackSerializer.SerializeAsync(pipe, Organization.Create(10)));
    }

    [Fact]
    public async Task SerializeAsync_TokenCanceledDuringLargePayload_ThrowsOperationCanceledException()
    {
        using var cancellation = new CancellationTokenSource();
        var pipe = new RecordingPipeWriter { FlushAsynchronously = true, OnFlush = count => cancellation.Cancel() };

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await PackSerializer.SerializeAsync(pipe, Organization.Create(100_000), cancellationToken: cancellation.Token));
        Assert.Single(pipe.Chunks);
    }

    [Fact]
    public async Task SerializeAsync_ListChangedBetweenChunks_ThrowsInvalidOperationException()
    {
        var organization = Organization.Create(100_000);
        var pipe = new RecordingPipeWriter { OnFlush = count => organization.Members!.RemoveAt(0) };

        await Assert.ThrowsAsync<InvalidOperationException>(async () => await PackSerializer.SerializeAsync(pipe, organization));
    }

    [Fact]
    public async Task SerializeAsync_NestingBeyondMaxDepth_ThrowsPackExceptionAsSerializeDoes()
    {
        var organization = Organization.Create(3);
        var options = new PackSerializerOptions { MaxDepth = 2 };
        var pipe = new RecordingPipeWriter();

        var expected = Assert.Throws<PackException>(() => PackSerializer.Serialize(organization, options));
        var actual = await Assert.ThrowsAsync<PackException>(async () => await PackSerializer.SerializeAsync(pipe, organization, options));

        Assert.Equal(expected.Message, actual.Message);
    }

    [Fact]
    public async Task SerializeAsync_NullPipe_ThrowsArgumentNullException()
    {
        await Assert.ThrowsAsync<ArgumentNullException>(async () => await PackSerializer.SerializeAsync<Organization>((PipeWriter)null!, null));
        await Assert.ThrowsAsync<ArgumentNullException>(async () => await PackSerializer.SerializeAsync((PipeWriter)null!, null, typeof(Organization)));
    }

    private static int LargestMember(List<Member> members)
    {
        // A member's nested encoding is its top-level one with a 4-byte length instead of the 6-byte header.
        int largest = 0;
        foreach (var member in members)
        {
            largest = Math.Max(largest, PackSerializer.Serialize(member).Length - 2);
        }

        return largest;
    }

    private static void AssertBoundedChunks(RecordingPipeWriter pipe, int total, int largestElement)
    {
        Assert.Equal(total, pipe.Chunks.Sum());
        Assert.Equal(0, pipe.UnflushedBytes);
        foreach (var chunk in pipe.Chunks)
        {
            Assert.InRange(chunk, 0, Threshold + largestElement);
        }

        // Every chunk but the last ends at the first safe point past the threshold.
        for (int i = 0; i < pipe.Chunks.Count - 1; i++)
        {
            Assert.InRange(pipe.Chunks[i], Threshold, Threshold + largestElement);
        }

        Assert.True(total <= Threshold || pipe.Chunks.Count > 1, "a payload larger than the threshold was flushed once");
    }
}
