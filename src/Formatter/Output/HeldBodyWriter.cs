using System.Buffers;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>
/// A <see cref="PipeWriter"/> that holds what the serializer writes, up to <see cref="MaxHeldBytes"/>, instead of
/// passing it to the response, so a body that ends while held can be sent with its <c>Content-Length</c>
/// (<see cref="SendHeld"/>). The first flush, or a write that would go past the limit, hands the held bytes to the
/// response and passes everything after them straight through: such a body is written exactly as without this writer.
/// One is cached per thread; it is not thread-safe and serves one response at a time.
/// </summary>
internal sealed class HeldBodyWriter : PipeWriter
{
    /// <summary>
    /// The most a body is held for. A length saves a fixed cost per response (the client's chunk parsing), which
    /// matters for small bodies; holding and copying a larger one would cost more than it saves. Below the codec's first
    /// flush (64 KiB), so a body the codec sends in parts is never held, and the cached writer keeps a buffer this
    /// large, so a thread's responses never grow one again once it has served a body of this size.
    /// </summary>
    public const int MaxHeldBytes = 16 * 1024;

    private const int MinimumBuffer = 1024;

    [ThreadStatic]
    private static HeldBodyWriter? t_cached;

    private PipeWriter _response = Null;
    private byte[] _buffer = [];
    private int _held;
    private bool _passingThrough;

    private HeldBodyWriter()
    {
    }

    /// <summary>This thread's cached writer, or a new one while that one is in use, holding for <paramref name="response"/>.</summary>
    public static HeldBodyWriter Rent(PipeWriter response)
    {
        var writer = t_cached ?? new HeldBodyWriter();
        t_cached = null;
        writer._response = response;
        return writer;
    }

    /// <summary>
    /// Forgets the response and whatever is still held (the body of a failed write), and caches the writer on this thread
    /// with its buffer (never larger than <see cref="MaxHeldBytes"/>).
    /// </summary>
    public static void Return(HeldBodyWriter writer)
    {
        writer._response = Null;
        writer._held = 0;
        writer._passingThrough = false;
        t_cached = writer;
    }

    /// <summary>
    /// Ends a body written to its end: one still held goes to the response behind its <c>Content-Length</c>, set before
    /// the response has started; one already passed through needs nothing more.
    /// </summary>
    public void SendHeld(HttpResponse response)
    {
        if (_passingThrough)
        {
            return;
        }

        response.ContentLength = _held;
        PassThrough();
    }

    /// <inheritdoc/>
    public override void Advance(int bytes)
    {
        if (_passingThrough)
        {
            _response.Advance(bytes);
            return;
        }

        if ((uint)bytes > (uint)(_buffer.Length - _held))
        {
            ThrowAdvancedTooFar(bytes);
        }

        _held += bytes;
    }

    /// <inheritdoc/>
    public override Memory<byte> GetMemory(int sizeHint = 0) => TryHold(sizeHint) ? _buffer.AsMemory(_held) : _response.GetMemory(sizeHint);

    /// <inheritdoc/>
    public override Span<byte> GetSpan(int sizeHint = 0) => TryHold(sizeHint) ? _buffer.AsSpan(_held) : _response.GetSpan(sizeHint);

    /// <inheritdoc/>
    public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
    {
        PassThrough();
        return _response.FlushAsync(cancellationToken);
    }

    /// <inheritdoc/>
    public override void CancelPendingFlush() => _response.CancelPendingFlush();

    /// <inheritdoc/>
    public override void Complete(Exception? exception = null)
    {
        PassThrough();
        _response.Complete(exception);
    }

    /// <summary>Whether the next write can be held: room is made for it up to <see cref="MaxHeldBytes"/>; past that, the body passes through.</summary>
    private bool TryHold(int sizeHint)
    {
        if (_passingThrough)
        {
            return false;
        }

        int needed = Math.Max(sizeHint, 1);
        if (needed <= _buffer.Length - _held)
        {
            return true;
        }

        if (needed > MaxHeldBytes - _held)
        {
            PassThrough();
            return false;
        }

        var larger = ArrayPool<byte>.Shared.Rent(Math.Min(Math.Max(Math.Max(_held + needed, _buffer.Length * 2), MinimumBuffer), MaxHeldBytes));
        _buffer.AsSpan(0, _held).CopyTo(larger);
        if (_buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
        }

        _buffer = larger;
        return true;
    }

    /// <summary>Hands the held bytes to the response and passes every later call through.</summary>
    private void PassThrough()
    {
        if (_passingThrough)
        {
            return;
        }

        _passingThrough = true;
        if (_held > 0)
        {
            _response.Write(_buffer.AsSpan(0, _held));
            _held = 0;
        }
    }

    private static void ThrowAdvancedTooFar(int bytes)
        => throw new ArgumentOutOfRangeException(nameof(bytes), bytes, "Advanced past the end of the span the writer handed out.");

    /// <summary>The writer a cached instance points at between responses, so it never keeps a finished response alive.</summary>
    private static PipeWriter Null { get; } = PipeWriter.Create(Stream.Null);
}
