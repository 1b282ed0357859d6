using System.Buffers;
using Pack.Streaming;
using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// <see cref="PackStream.ReadAsync{T}"/> over a source that hands the frames over in pieces (wire-format §10): a frame
/// split at any byte reads as if whole, and a stream cut at any byte is a <see cref="PackException"/>, nothing else.
/// </summary>
public class PackStreamSplitReadTests
{
    private static readonly byte[] Stream = Write();

    public static TheoryData<int> Offsets => new(Enumerable.Range(0, Stream.Length + 1));

    [Theory]
    [MemberData(nameof(Offsets))]
    public async Task ReadAsync_SourceSplitAtEveryByte_ReadsTheSameItems(int split)
    {
        var items = await ReadAllAsync(new SplitStream(Stream, split));

        Assert.Equal([1, null, 3], items.Select(m => m?.Id));
    }

    [Theory]
    [MemberData(nameof(Offsets))]
    public async Task ReadAsync_StreamCutAtEveryByteAndReadByteByByte_OnlyPackException(int length)
    {
        var exception = await Record.ExceptionAsync(() => ReadAllAsync(new SplitStream(Stream.AsSpan(0, length).ToArray(), 1, byteByByte: true)));

        if (length == Stream.Length)
        {
            Assert.Null(exception);
        }
        else
        {
            var packException = Assert.IsType<PackException>(exception);
            Assert.InRange(packException.Offset, 0, length);
        }
    }

    private static byte[] Write()
    {
        var buffer = new ArrayBufferWriter<byte>();
        PackStream.WriteItem(buffer, new Member { Id = 1, Description = "first" });
        PackStream.WriteItem(buffer, (object?)null, typeof(Member));
        PackStream.WriteItem(buffer, new Member { Id = 3, Description = "third, with a longer description" });
        PackStream.WriteEnd(buffer);
        return buffer.WrittenSpan.ToArray();
    }

    private static async Task<List<Member?>> ReadAllAsync(System.IO.Stream source)
    {
        var items = new List<Member?>();
        await foreach (var item in PackStream.ReadAsync<Member>(source))
        {
            items.Add(item);
        }

        return items;
    }

    /// <summary>Gives its bytes up to <c>split</c> in the first read and the rest after (or one byte per read), asynchronously.</summary>
    private sealed class SplitStream(byte[] bytes, int split, bool byteByByte = false) : System.IO.Stream
    {
        private int position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            int end = byteByByte ? position + 1 : position < split ? split : bytes.Length;
            int count = Math.Min(Math.Min(end, bytes.Length) - position, buffer.Length);
            bytes.AsSpan(position, count).CopyTo(buffer.Span);
            position += count;
            return count;
        }

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

        public override void Flush() => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
