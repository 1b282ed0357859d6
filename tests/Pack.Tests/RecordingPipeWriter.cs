using System.Buffers;
using System.IO.Pipelines;

namespace Pack.Tests;

/// <summary>A pipe writer that keeps every byte and records how many were written between flushes.</summary>
internal sealed class RecordingPipeWriter : PipeWriter
{
    private readonly ArrayBufferWriter<byte> _written = new();
    private readonly List<int> _chunks = [];
    private int _unflushed;

    /// <summary>Whether each flush completes asynchronously (after a yield), as a socket's would under backpressure.</summary>
    public bool FlushAsynchronously { get; init; }

    /// <summary>The flush (1-based) whose result says the reader has completed, or 0 for none.</summary>
    public int CompleteReaderAtFlush { get; init; }

    /// <summary>The flush (1-based) whose result says it was canceled, or 0 for none.</summary>
    public int CancelAtFlush { get; init; }

    /// <summary>Runs at each flush, before it completes, with the number of flushes so far.</summary>
    public Action<int>? OnFlush { get; init; }

    /// <summary>Every byte advanced, flushed or not.</summary>
    public ReadOnlySpan<byte> Written => _written.WrittenSpan;

    /// <summary>The bytes advanced between each flush and the one before it, in order.</summary>
    public IReadOnlyList<int> Chunks => _chunks;

    /// <summary>Whether <see cref="Complete"/> was called.</summary>
    public bool Completed { get; private set; }

    public override bool CanGetUnflushedBytes => true;

    public override long UnflushedBytes => _unflushed;

    public override void Advance(int bytes)
    {
        _written.Advance(bytes);
        _unflushed += bytes;
    }

    public override Memory<byte> GetMemory(int sizeHint = 0) => _written.GetMemory(Math.Max(sizeHint, 1));

    public override Span<byte> GetSpan(int sizeHint = 0) => _written.GetSpan(Math.Max(sizeHint, 1));

    public override void CancelPendingFlush()
    {
    }

    public override void Complete(Exception? exception = null) => Completed = true;

    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        _chunks.Add(_unflushed);
        _unflushed = 0;
        OnFlush?.Invoke(_chunks.Count);
        var result = new FlushResult(isCanceled: _chunks.Count == CancelAtFlush, isCompleted: _chunks.Count == CompleteReaderAtFlush);
        return FlushAsynchronously ? YieldAsync(result, cancellationToken) : ValueTask.FromResult(result);
    }

    private static async ValueTask<FlushResult> YieldAsync(FlushResult result, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        return result;
    }
}
