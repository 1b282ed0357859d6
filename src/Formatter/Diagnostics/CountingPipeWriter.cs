using System.IO.Pipelines;

namespace Pack.AspNetCore;

/// <summary>The response body writer of <see cref="CountingResponseBodyFeature"/>: counts advanced bytes, then passes them on.</summary>
internal sealed class CountingPipeWriter(PipeWriter inner, CountingResponseBodyFeature owner) : PipeWriter
{
    public override bool CanGetUnflushedBytes => inner.CanGetUnflushedBytes;

    public override long UnflushedBytes => inner.UnflushedBytes;

    public override void Advance(int bytes)
    {
        owner.Add(bytes);
        inner.Advance(bytes);
    }

    public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

    public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);

    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => inner.FlushAsync(cancellationToken);

    public override void CancelPendingFlush() => inner.CancelPendingFlush();

    public override void Complete(Exception? exception = null) => inner.Complete(exception);

    public override ValueTask CompleteAsync(Exception? exception = null) => inner.CompleteAsync(exception);
}
