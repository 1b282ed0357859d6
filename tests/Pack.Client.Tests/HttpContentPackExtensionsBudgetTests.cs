using System.Buffers;
using System.Net.Http.Headers;
using Pack.Streaming;

namespace Pack.Client.Tests;

/// <summary>
/// A malicious server's Pack stream, collected into a list or an array, stays within the stream's one allocation budget:
/// the collection's growth is charged to it, as the frames are.
/// </summary>
public sealed class HttpContentPackExtensionsBudgetTests
{
    [Theory]
    [InlineData("List")]
    [InlineData("Array")]
    public async Task ReadFromPackAsync_CollectionOfManyNullFrames_ThrowsPackExceptionWithinTheBudget(string shape)
    {
        // 20,000 frames of a null decimal? are 120 KB: 20 bytes of list slot each (1.3 MB of doubling arrays) is over
        // 16 x the 20,000 payload bytes + 256 KiB. Before the fix the list grew outside the budget and the read succeeded.
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 20_000; i++)
        {
            PackStream.WriteItem<decimal?>(buffer, null);
        }

        PackStream.WriteEnd(buffer);
        byte[] bytes = buffer.WrittenSpan.ToArray();

        var exception = await Record.ExceptionAsync(() => Read(shape, bytes));

        var content = Assert.IsType<PackContentException>(exception);
        var pack = Assert.IsType<PackException>(content.InnerException);
        Assert.Contains("budget", pack.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("List")]
    [InlineData("Array")]
    public async Task ReadFromPackAsync_CollectionWithinTheRatio_CollectsEveryItem(string shape)
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 20_000; i++)
        {
            PackStream.WriteItem<decimal?>(buffer, i);
        }

        PackStream.WriteEnd(buffer);

        int count = await Read(shape, buffer.WrittenSpan.ToArray());

        Assert.Equal(20_000, count);
    }

    private static async Task<int> Read(string shape, byte[] bytes)
    {
        using var content = new ByteArrayContent(bytes);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-pack-stream");
        return shape == "List"
            ? (await content.ReadFromPackAsync<List<decimal?>>())!.Count
            : (await content.ReadFromPackAsync<decimal?[]>())!.Length;
    }
}
