using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>Replaces the request body with one that fails as a server bug would, when the test asks for it by header.</summary>
public static class FaultyBodyMiddleware
{
    public const string Header = "X-Test-Faulty-Body";

    public static Task InvokeAsync(HttpContext context, RequestDelegate next)
    {
        if (context.Request.Headers.ContainsKey(Header))
        {
            context.Request.Body = new FaultyStream();
        }

        return next(context);
    }

    private sealed class FaultyStream : Stream
    {
        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => throw new InvalidOperationException("A server bug in the body stream.");

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            throw new InvalidOperationException("A server bug in the body stream.");

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
