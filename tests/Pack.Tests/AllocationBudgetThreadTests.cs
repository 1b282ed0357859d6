using System.Buffers;
using Pack.Streaming;

namespace Pack.Tests;

/// <summary>
/// The allocation budget measures the thread's allocation, so it must charge only what the read itself did on that
/// thread: neither a buffer the thread kept from an earlier read nor work the thread ran while a read waited.
/// </summary>
public sealed class AllocationBudgetThreadTests
{
    [Fact]
    public async Task DeserializeAsync_AfterALargePayloadOnTheSameThread_ChargesOnlyThisPayloadsCopy()
    {
        // The first read grows the thread's cached copy buffer to about 1 MiB; the second, small payload used to be charged
        // that whole capacity, more than its own budget (16 x 20 KB + 256 KiB), and was rejected.
        var large = PackSerializer.Serialize(new string('x', 700_000));
        var small = PackSerializer.Serialize(Enumerable.Range(0, 2_000).Select(i => $"item {i}").ToList());

        using (var first = new ChunkedReadStream(large, 4096, 4096))
        {
            Assert.Equal(700_000, (await PackSerializer.DeserializeAsync<string>(first))!.Length);
        }

        using var second = new ChunkedReadStream(small, 4096, 4096);
        var items = await PackSerializer.DeserializeAsync<List<string>>(second);
        Assert.Equal(2_000, items!.Count);
    }

    [Fact]
    public async Task ReadAsync_WorkOnTheThreadWhileAReadWaits_IsNotChargedToTheStream()
    {
        // A read that waits resumes on whatever thread completes it; here the thread that completes it first allocates
        // 8 MB of its own. The stream is tiny, so charging that work would exceed its budget (16 x bytes + 256 KiB).
        var frames = new ArrayBufferWriter<byte>();
        PackStream.WriteItem(frames, 42);
        PackStream.WriteEnd(frames);
        var source = new PausingStream(frames.WrittenMemory.ToArray());

        var enumerator = PackStream.ReadAsync<int>(source).GetAsyncEnumerator();
        var moved = enumerator.MoveNextAsync();
        Assert.False(moved.IsCompleted);

        var garbage = new List<byte[]>();
        for (int i = 0; i < 8; i++)
        {
            garbage.Add(new byte[1024 * 1024]);
        }

        source.Release();
        Assert.True(await moved);
        Assert.Equal(42, enumerator.Current);
        Assert.False(await enumerator.MoveNextAsync());
        await enumerator.DisposeAsync();
        GC.KeepAlive(garbage);
    }

    /// <summary>A stream whose first read waits until <see cref="Release"/>, which completes it on the releasing thread.</summary>
    private sealed class PausingStream(byte[] data) : Stream
    {
        private readonly TaskCompletionSource _gate = new();
        private int _position;

        public void Release() => _gate.SetResult();

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
            => _gate.Task.IsCompleted ? new(Copy(buffer.Span)) : new(WaitThenCopyAsync(buffer));

        private async Task<int> WaitThenCopyAsync(Memory<byte> buffer)
        {
            await _gate.Task.ConfigureAwait(false);
            return Copy(buffer.Span);
        }

        private int Copy(Span<byte> buffer)
        {
            int n = Math.Min(buffer.Length, data.Length - _position);
            data.AsSpan(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
