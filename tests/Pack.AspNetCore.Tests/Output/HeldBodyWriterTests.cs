using System.Buffers;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore.Tests.Output;

/// <summary>
/// <see cref="HeldBodyWriter"/> on its own, over a pipe standing in for the server's body: what reaches the body, when,
/// and with which length. Each test runs on one thread from <c>Rent</c> to <c>Return</c>, so the cached writer is reused.
/// </summary>
public sealed class HeldBodyWriterTests
{
    [Fact]
    public async Task SmallBody_IsHeldUntilSent_ThenWrittenWholeWithItsLength()
    {
        var body = new Pipe();
        var response = new DefaultHttpContext().Response;
        var writer = HeldBodyWriter.Rent(body.Writer);
        try
        {
            Write(writer, 300, seed: 1);
            Assert.Equal(0, body.Writer.UnflushedBytes);

            writer.SendHeld(response);
        }
        finally
        {
            HeldBodyWriter.Return(writer);
        }

        Assert.Equal(300, response.ContentLength);
        Assert.Equal(Bytes(300, seed: 1), await ReadAllAsync(body));
    }

    [Fact]
    public async Task BodyPastTheLimit_PassesThroughInOrder_WithoutALength()
    {
        var body = new Pipe(new PipeOptions(pauseWriterThreshold: 0));
        var response = new DefaultHttpContext().Response;
        var writer = HeldBodyWriter.Rent(body.Writer);
        try
        {
            Write(writer, 1_000, seed: 2);
            Write(writer, HeldBodyWriter.MaxHeldBytes, seed: 3);
            Assert.Equal(1_000 + HeldBodyWriter.MaxHeldBytes, body.Writer.UnflushedBytes);
            Write(writer, 50, seed: 4);

            writer.SendHeld(response);
        }
        finally
        {
            HeldBodyWriter.Return(writer);
        }

        Assert.Null(response.ContentLength);
        var expected = Bytes(1_000, seed: 2).Concat(Bytes(HeldBodyWriter.MaxHeldBytes, seed: 3)).Concat(Bytes(50, seed: 4)).ToArray();
        Assert.Equal(expected, await ReadAllAsync(body));
    }

    [Fact]
    public async Task Flush_HandsOverWhatIsHeld_AndLaterWritesPassThrough()
    {
        var body = new Pipe();
        var response = new DefaultHttpContext().Response;
        var writer = HeldBodyWriter.Rent(body.Writer);
        try
        {
            Write(writer, 10, seed: 5);
            await writer.FlushAsync();
            Write(writer, 20, seed: 6);

            writer.SendHeld(response);
        }
        finally
        {
            HeldBodyWriter.Return(writer);
        }

        Assert.Null(response.ContentLength);
        Assert.Equal(Bytes(10, seed: 5).Concat(Bytes(20, seed: 6)).ToArray(), await ReadAllAsync(body));
    }

    /// <summary>A body abandoned while held (its serialization threw) leaves nothing in the writer the thread reuses next.</summary>
    [Fact]
    public async Task AbandonedBody_IsDropped_TheNextBodyCarriesOnlyItsOwnBytes()
    {
        var abandoned = new Pipe();
        var writer = HeldBodyWriter.Rent(abandoned.Writer);
        Write(writer, 700, seed: 7);
        HeldBodyWriter.Return(writer);

        var body = new Pipe();
        var response = new DefaultHttpContext().Response;
        var next = HeldBodyWriter.Rent(body.Writer);
        try
        {
            Assert.Same(writer, next);
            Write(next, 40, seed: 8);
            next.SendHeld(response);
        }
        finally
        {
            HeldBodyWriter.Return(next);
        }

        Assert.Equal(40, response.ContentLength);
        Assert.Equal(Bytes(40, seed: 8), await ReadAllAsync(body));
        Assert.Equal(0, abandoned.Writer.UnflushedBytes);
    }

    /// <summary>A body that passed through leaves the reused writer holding again for the next response.</summary>
    [Fact]
    public async Task WriterReusedAfterAPassThrough_HoldsTheNextBodyAgain()
    {
        var large = new Pipe(new PipeOptions(pauseWriterThreshold: 0));
        var writer = HeldBodyWriter.Rent(large.Writer);
        Write(writer, HeldBodyWriter.MaxHeldBytes + 1, seed: 9);
        writer.SendHeld(new DefaultHttpContext().Response);
        HeldBodyWriter.Return(writer);

        var body = new Pipe();
        var response = new DefaultHttpContext().Response;
        var next = HeldBodyWriter.Rent(body.Writer);
        try
        {
            Write(next, 64, seed: 10);
            Assert.Equal(0, body.Writer.UnflushedBytes);
            next.SendHeld(response);
        }
        finally
        {
            HeldBodyWriter.Return(next);
        }

        Assert.Equal(64, response.ContentLength);
        Assert.Equal(Bytes(64, seed: 10), await ReadAllAsync(body));
    }

    [Fact]
    public void Advance_PastTheSpanHandedOut_Throws()
    {
        var writer = HeldBodyWriter.Rent(new Pipe().Writer);
        try
        {
            var length = writer.GetSpan(10).Length;
            Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(length + 1));
        }
        finally
        {
            HeldBodyWriter.Return(writer);
        }
    }

    private static void Write(IBufferWriter<byte> writer, int count, int seed)
    {
        // In pieces of at most 700 bytes, as a serializer asks for room as it goes.
        var bytes = Bytes(count, seed);
        for (var offset = 0; offset < count;)
        {
            var piece = Math.Min(700, count - offset);
            var span = writer.GetSpan(piece);
            bytes.AsSpan(offset, piece).CopyTo(span);
            writer.Advance(piece);
            offset += piece;
        }
    }

    private static byte[] Bytes(int count, int seed)
    {
        var bytes = new byte[count];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    private static async Task<byte[]> ReadAllAsync(Pipe body)
    {
        await body.Writer.CompleteAsync();
        var all = new MemoryStream();
        while (true)
        {
            var result = await body.Reader.ReadAsync();
            foreach (var segment in result.Buffer)
            {
                all.Write(segment.Span);
            }

            body.Reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return all.ToArray();
            }
        }
    }
}
