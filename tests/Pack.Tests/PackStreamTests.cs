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
