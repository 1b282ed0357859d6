using System.Buffers;
using Pack.Streaming;
using Pack.Tests.Models;

namespace Pack.Tests;

public class PackStreamTests
{
    private static async Task<List<T?>> ReadAllAsync<T>(byte[] bytes)
    {
        var items = new List<T?>();
        await foreach (var item in PackStream.ReadAsync<T>(new NonSeekableStream(bytes)))
        {
            items.Add(item);
        }

        return items;
    }

    [Fact]
    public async Task ReadAsync_ItemsThenEnd_YieldsEveryItem()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var members = Organization.Create(50).Members!;
        foreach (var member in members)
        {
            PackStream.WriteItem(buffer, member);
        }

        PackStream.WriteItem(buffer, (object?)null, typeof(Member));
        PackStream.WriteEnd(buffer);

        var items = await ReadAllAsync<Member>(buffer.WrittenSpan.ToArray());

        Assert.Equal(51, items.Count);
        Assert.Equal(members.Select(m => m.Description), items.Take(50).Select(m => m!.Description));
        Assert.Null(items[50]);
    }

    [Fact]
    public async Task ReadAsync_FramesOverTheAllocationRatio_ShareOneAllowanceAndFail()
    {
        // Each frame is 8,000 null decimal? (1 byte each on the wire, 16-24 bytes in memory): over the ratio of 16, but
        // within ratio + allowance on its own. Read one by one with a fresh allowance each, 100 frames would allocate
        // ~19 MB from 800 KB; sharing one allowance, the stream fails within the first few frames.
        var buffer = new ArrayBufferWriter<byte>();
        var frame = new decimal?[8_000];
        for (int i = 0; i < 100; i++)
        {
            PackStream.WriteItem(buffer, frame);
        }

        PackStream.WriteEnd(buffer);
        var bytes = buffer.WrittenSpan.ToArray();
        int read = 0;
        long before = GC.GetAllocatedBytesForCurrentThread();

        var exception = await Assert.ThrowsAsync<PackException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<decimal?[]>(new NonSeekableStream(bytes)))
            {
                read++;
            }
        });

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Contains("budget", exception.Message, StringComparison.OrdinalIgnoreCase);
        Assert.InRange(read, 1, 8);
        long received = (long)(read + 1) * (bytes.Length / 100);
        Assert.True(allocated <= (16 * received) + PackSerializerOptions.AllocationAllowance + (256 * 1024), $"allocated {allocated:N0} bytes for {received:N0} received");
    }

    [Fact]
    public async Task ReadAsync_LongStreamWithinTheRatio_ReadsEveryFrame()
    {
        // The shared allowance is not spent by frames within the ratio, however many there are.
        var buffer = new ArrayBufferWriter<byte>();
        var frame = new decimal?[100];
        Array.Fill(frame, 1.5m);
        for (int i = 0; i < 5_000; i++)
        {
            PackStream.WriteItem(buffer, frame);
        }

        PackStream.WriteEnd(buffer);

        var items = await ReadAllAsync<decimal?[]>(buffer.WrittenSpan.ToArray());

        Assert.Equal(5_000, items.Count);
        Assert.All(items, item => Assert.Equal(frame, item));
    }

    [Fact]
    public void WriteItem_FrameHeader_IsKindAndLittleEndianLength()
    {
        var buffer = new ArrayBufferWriter<byte>();

        PackStream.WriteItem(buffer, 0x01020304);
        PackStream.WriteEnd(buffer);

        Assert.Equal(new byte[] { 1, 4, 0, 0, 0, 4, 3, 2, 1, 2, 0, 0, 0, 0 }, buffer.WrittenSpan.ToArray());
    }

    [Fact]
    public async Task ReadAsync_ErrorFrame_ThrowsPackStreamExceptionAfterEarlierItems()
    {
        var buffer = new ArrayBufferWriter<byte>();
        PackStream.WriteItem(buffer, "first");
        PackStream.WriteError(buffer, new PackStreamError { Status = 500, Title = "Boom", Detail = "the database went away", TraceId = "t-1" });
        var items = new List<string?>();

        var exception = await Assert.ThrowsAsync<PackStreamException>(async () =>
        {
            await foreach (var item in PackStream.ReadAsync<string>(new MemoryStream(buffer.WrittenSpan.ToArray())))
            {
                items.Add(item);
            }
        });

        Assert.Equal(["first"], items);
        Assert.Equal((500, "Boom", "the database went away", "t-1"), (exception.Error.Status, exception.Error.Title, exception.Error.Detail, exception.Error.TraceId));
    }

    [Fact]
    public async Task ReadAsync_UnknownFrameKindOrMalformedItem_ThrowsPackExceptionWithStreamOffset()
    {
        await Assert.ThrowsAsync<PackException>(() => ReadAllAsync<int>([9, 0, 0, 0, 0]));
        var exception = await Assert.ThrowsAsync<PackException>(() => ReadAllAsync<bool>([1, 1, 0, 0, 0, 7, 2, 0, 0, 0, 0]));
        Assert.Equal(5, exception.Offset);
    }
}
