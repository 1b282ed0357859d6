using System.Net;
using System.Net.Http.Headers;
using System.Threading.Channels;

namespace Pack.Client.Tests.Streaming;

/// <summary>A request body of whatever bytes a test writes, when it writes them: for malformed and truncated request streams.</summary>
public sealed class RawFrameContent : HttpContent
{
    private readonly Channel<byte[]> _chunks = Channel.CreateUnbounded<byte[]>();

    public RawFrameContent() => Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.PackStream);

    public ChannelWriter<byte[]> Writer => _chunks.Writer;

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        await foreach (var chunk in _chunks.Reader.ReadAllAsync(cancellationToken))
        {
            await stream.WriteAsync(chunk, cancellationToken);
            await stream.FlushAsync(cancellationToken);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
