using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Grpc.Net.Client;
using Pack.Benchmarks.Formatters;
using Pack.Benchmarks.Http;
using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;
using Pack.Client;
using ProtoBuf.Grpc.Client;

namespace Pack.Benchmarks.Client;

/// <summary>
/// H1_Small on the client, without the network: what each client library adds to one call above HttpClient. Every row
/// sends through an <see cref="HttpClient"/> (timeout 60 s and a cancelable token, as the HTTP runner's clients) whose
/// handler answers at once with the bytes the benchmark server sends for a W6 object (52 bytes of Pack, 76 of JSON, 41 of
/// protobuf in its 5-byte gRPC frame with <c>grpc-status: 0</c> trailers), in a body stream that is not a
/// <see cref="MemoryStream"/> and completes reads synchronously, as an HTTP/2 response's stream does when its DATA frame
/// came with the headers. <c>Floor</c> is the call with no library: send, then read the body stream to its end.
/// The Pack response carries no <c>Pack-Schema</c> header (its check, a dictionary lookup per call once the server's
/// schema is judged, is C1's <c>GetFromPack</c> against <c>GetFromPackUnchecked</c>).
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory(F2_SmallResponsePath.Category)]
public class C2_ClientReadPath
{
    private static readonly Uri Path = new("/m/small", UriKind.Relative);
    private readonly CancellationTokenSource _cancel = new();
    private readonly byte[] _drain = new byte[256];
    private HttpClient _floor = null!;
    private HttpClient _json = null!;
    private HttpClient _pack = null!;
    private GrpcChannel _grpcChannel = null!;
    private HttpWorkloads.HttpWorkloadsClient _grpc = null!;
    private ICodeFirstWorkloads _codeFirst = null!;

    [GlobalSetup]
    public async Task Setup()
    {
        var pack = PackSerializer.Serialize(HttpWorkloadData.Small);
        var json = JsonSerializer.SerializeToUtf8Bytes(HttpWorkloadData.Small, JsonSerializerOptions.Web);
        var message = Google.Protobuf.MessageExtensions.ToByteArray(HttpWorkloadData.SmallMessage);
        var grpc = new byte[5 + message.Length];
        grpc[4] = (byte)message.Length;
        message.CopyTo(grpc, 5);

        _floor = Create(new CannedHandler(pack, PackMediaTypes.Pack, grpc: false));
        _json = Create(new CannedHandler(json, "application/json; charset=utf-8", grpc: false));
        _pack = Create(new CannedHandler(pack, PackMediaTypes.Pack, grpc: false));
        _grpcChannel = GrpcChannel.ForAddress("http://127.0.0.1:1", new GrpcChannelOptions
        {
            HttpHandler = new CannedHandler(grpc, "application/grpc", grpc: true),
            MaxReceiveMessageSize = null,
        });
        _grpc = new HttpWorkloads.HttpWorkloadsClient(_grpcChannel);
        _codeFirst = _grpcChannel.CreateGrpcService<ICodeFirstWorkloads>();

        // Each row reads the same object, or the comparison is void.
        if ((await Json())?.Id != HttpWorkloadData.Small.Id
            || (await Pack())?.Id != HttpWorkloadData.Small.Id
            || (await Grpc()).Id != HttpWorkloadData.Small.Id
            || (await GrpcCodeFirst()).Id != HttpWorkloadData.Small.Id
            || await Floor() != pack.Length)
        {
            throw new InvalidOperationException("A client did not read H1_Small.");
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _floor.Dispose();
        _json.Dispose();
        _pack.Dispose();
        _grpcChannel.Dispose();
        _cancel.Dispose();
    }

    [Benchmark]
    public async Task<int> Floor()
    {
        using var response = await _floor.GetAsync(Path, HttpCompletionOption.ResponseHeadersRead, _cancel.Token);
        response.EnsureSuccessStatusCode();
        await using var stream = await response.Content.ReadAsStreamAsync(_cancel.Token);
        int total = 0, read;
        while ((read = await stream.ReadAsync(_drain, _cancel.Token)) > 0)
        {
            total += read;
        }

        return total;
    }

    [Benchmark(Baseline = true)]
    public Task<SmallObject?> Json() => _json.GetFromJsonAsync<SmallObject>(Path, JsonSerializerOptions.Web, _cancel.Token);

    [Benchmark]
    public Task<SmallObject?> Pack() => _pack.GetFromPackAsync<SmallObject>(Path, _cancel.Token);

    [Benchmark]
    public async Task<SmallObjectMessage> Grpc() => await _grpc.SmallAsync(new EmptyRequest(), cancellationToken: _cancel.Token);

    [Benchmark]
    public ValueTask<SmallObjectContract> GrpcCodeFirst() => _codeFirst.SmallAsync(new EmptyContract(), new ProtoBuf.Grpc.CallContext(new global::Grpc.Core.CallOptions(cancellationToken: _cancel.Token)));

    private static HttpClient Create(HttpMessageHandler handler) => new(handler)
    {
        BaseAddress = new Uri("http://127.0.0.1:1"),
        DefaultRequestVersion = HttpVersion.Version20,
        DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        Timeout = TimeSpan.FromSeconds(60),
    };

    /// <summary>Answers every request with the same body, as a server that already sent it.</summary>
    private sealed class CannedHandler(byte[] body, string contentType, bool grpc) : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var content = new BufferedContent(body);
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
            if (!grpc)
            {
                content.Headers.ContentLength = body.Length;
            }

            var response = new HttpResponseMessage(HttpStatusCode.OK) { RequestMessage = request, Version = HttpVersion.Version20, Content = content };
            if (grpc)
            {
                response.TrailingHeaders.TryAddWithoutValidation("grpc-status", "0");
            }

            return Task.FromResult(response);
        }
    }

    /// <summary>A body that has arrived: its stream reads at once, and is not a <see cref="MemoryStream"/>.</summary>
    private sealed class BufferedContent(byte[] body) : HttpContent
    {
        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => stream.WriteAsync(body).AsTask();

        protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult<Stream>(new ArrivedStream(body));

        protected override bool TryComputeLength(out long length)
        {
            length = body.Length;
            return true;
        }
    }

    private sealed class ArrivedStream(byte[] body) : Stream
    {
        private int _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            int n = Math.Min(buffer.Length, body.Length - _position);
            body.AsSpan(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) => new(Read(buffer.Span));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) => Task.FromResult(Read(buffer.AsSpan(offset, count)));

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
