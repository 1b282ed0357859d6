using System.Buffers.Binary;
using System.Globalization;
using System.Net.Sockets;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// A small Pack body written into Kestrel's own response is left for Kestrel to send with the end of the response: on
/// HTTP/2 one DATA frame that carries the body and END_STREAM, instead of the body and then an empty frame that only ends
/// the stream (a second frame for both ends to process on every call). A body that middleware replaced is still flushed
/// into it whole.
/// </summary>
public sealed class SmallResponseFramingTests
{
    private const byte DataFrame = 0x0;
    private const byte HeadersFrame = 0x1;
    private const byte SettingsFrame = 0x4;
    private const byte WindowUpdateFrame = 0x8;
    private const byte EndStream = 0x1;
    private const byte EndHeaders = 0x4;

    [Theory]
    [InlineData("/minimal/organizations/7")]
    [InlineData("/api/organizations/2")]
    public async Task Http2_SmallPackBody_OneDataFrameCarriesEndStream(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http2);
        var expected = PackSerializer.Serialize(SampleData.Organization(path.StartsWith("/minimal", StringComparison.Ordinal) ? 7 : 2));

        var frames = await RawHttp2GetAsync(host.BaseAddress, path);

        var data = frames.Where(f => f.Type == DataFrame).ToList();
        Assert.Contains(frames, f => f.Type == HeadersFrame);
        var only = Assert.Single(data);
        Assert.True((only.Flags & EndStream) != 0, "the body's DATA frame does not end the stream");
        Assert.Equal(expected, only.Payload);
    }

    /// <summary>
    /// A body that is not small (written in several parts, or one part over 16 KiB) ends as before the small-body change:
    /// its last part flushed, then an empty DATA frame that only ends the stream. Kestrel can lose the next response on the connection when a response that spans
    /// several flow-control windows ends in the same write as its last data (dotnet/aspnetcore#53736; PackResponseBody).
    /// </summary>
    /// <remarks>
    /// 5,000 members are written in several parts; 300 members in one part of more than 16 KiB, which is not a small
    /// body either and ends the same way.
    /// </remarks>
    [Theory]
    [InlineData("/minimal/organizations/large?members=5000", 5_000)]
    [InlineData("/api/organizations/large?members=5000", 5_000)]
    [InlineData("/minimal/organizations/large?members=300", 300)]
    [InlineData("/api/organizations/large?members=300", 300)]
    public async Task Http2_LargePackBody_IsFlushedAndEndedByAnEmptyFrame(string path, int members)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http2);
        var expected = PackSerializer.Serialize(SampleData.Organization(1, members));
        Assert.True(members == 5_000 ? expected.Length > 2 * 65_536 : expected.Length is > 16 * 1024 and < 65_536, $"{members} members are {expected.Length} bytes");

        var frames = await RawHttp2GetAsync(host.BaseAddress, path);

        var data = frames.Where(f => f.Type == DataFrame).ToList();
        Assert.True(data.Count > 2); // 16 KiB frames at most, then the empty one.
        Assert.Equal(expected, data.SelectMany(f => f.Payload).ToArray());
        Assert.All(data[..^1], f => Assert.True((f.Flags & EndStream) == 0));
        Assert.True((data[^1].Flags & EndStream) != 0);
        Assert.Empty(data[^1].Payload);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task ReplacedResponseBody_ReceivesTheWholeSmallBody(HttpProtocols protocols)
    {
        var capture = new BodyCapture();
        await using var host = await KestrelTestHost.StartAsync(protocols, configureServices: services => services.AddSingleton<IStartupFilter>(capture));
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/minimal/organizations/3"));
        var body = await response.Content.ReadAsByteArrayAsync();

        var expected = PackSerializer.Serialize(SampleData.Organization(3));
        Assert.Equal(expected, capture.Captured);
        Assert.Equal(expected, body);
    }

    [Theory]
    [InlineData("/minimal/organizations/7")]
    [InlineData("/api/organizations/2")]
    public async Task Http1_SmallPackBody_IsSentWithItsContentLength(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);
        var expected = PackSerializer.Serialize(SampleData.Organization(path.StartsWith("/minimal", StringComparison.Ordinal) ? 7 : 2));

        var (status, headers, body) = await GetAsync(connection, path, "HTTP/1.1");

        Assert.Equal(200, status);
        Assert.Equal(expected.Length.ToString(CultureInfo.InvariantCulture), headers.GetValueOrDefault("content-length"));
        Assert.False(headers.ContainsKey("transfer-encoding"));
        Assert.Equal(expected, body);
    }

    [Fact]
    public async Task Http1_LargePackBody_IsStillChunked()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);
        var expected = PackSerializer.Serialize(SampleData.Organization(1, 5_000));

        var (status, headers, body) = await GetAsync(connection, "/minimal/organizations/large?members=5000", "HTTP/1.1");

        Assert.Equal(200, status);
        Assert.Equal("chunked", headers.GetValueOrDefault("transfer-encoding"));
        Assert.False(headers.ContainsKey("content-length"));
        Assert.Equal(expected, body);
    }

    /// <summary>
    /// Bodies of every size, small and large, alternating on one keep-alive connection (so on the same few server threads
    /// and their cached writers): each carries its own bytes, and a length only when it is held whole.
    /// </summary>
    [Fact]
    public async Task Http1_BodiesOfEverySizeOnOneConnection_EachCarryExactlyTheirOwnBytes()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);

        foreach (var members in new[] { 3, 5_000, 0, 40, 2_000, 1, 600, 5_000, 2 })
        {
            var expected = PackSerializer.Serialize(SampleData.Organization(1, members));
            foreach (var path in new[] { $"/minimal/organizations/large?members={members}", $"/api/organizations/large?members={members}" })
            {
                var (status, headers, body) = await GetAsync(connection, path, "HTTP/1.1");

                Assert.Equal(200, status);
                Assert.Equal(expected, body);
                if (expected.Length < HeldBodyWriter.MaxHeldBytes / 2)
                {
                    Assert.Equal(expected.Length.ToString(CultureInfo.InvariantCulture), headers.GetValueOrDefault("content-length"));
                }
                else if (expected.Length > HeldBodyWriter.MaxHeldBytes * 2)
                {
                    Assert.Equal("chunked", headers.GetValueOrDefault("transfer-encoding"));
                }
            }
        }
    }

    /// <summary>An HTTP/1.0 client has no chunked encoding: a Pack body with its length lets the connection stay open.</summary>
    [Fact]
    public async Task Http10_SmallPackBody_HasItsLengthAndKeepsTheConnection()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);

        foreach (var id in new[] { 4, 5 })
        {
            var (status, headers, body) = await GetAsync(connection, $"/minimal/organizations/{id}", "HTTP/1.0", "Connection: keep-alive\r\n");

            Assert.Equal(200, status);
            Assert.Equal("keep-alive", headers.GetValueOrDefault("connection"), StringComparer.OrdinalIgnoreCase);
            Assert.Equal(PackSerializer.Serialize(SampleData.Organization(id)), body);
        }
    }

    /// <summary>
    /// A value that fails to serialize fails its request before any of it is sent (a whole 500, not a response cut short),
    /// and what it had written is dropped: the next response on the connection carries only its own bytes.
    /// </summary>
    [Fact]
    public async Task Http1_ValueThatFailsToSerialize_IsA500AndLeavesNothingBehind()
    {
        // Depth 1 admits a flat value, not an Organization with its member list.
        await using var host = await KestrelTestHost.StartAsync(
            HttpProtocols.Http1,
            configurePack: options => options.SerializerOptions = new PackSerializerOptions { MaxDepth = 1 },
            configureServices: services => services.AddSingleton<IStartupFilter, FramingTestEndpoints>());
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);

        for (var round = 0; round < 6; round++)
        {
            var (failed, failedHeaders, _) = await GetAsync(connection, round % 2 == 0 ? "/minimal/organizations/3" : "/api/organizations/3", "HTTP/1.1");
            Assert.Equal(500, failed);
            Assert.NotEqual(PackMediaTypes.Pack, failedHeaders.GetValueOrDefault("content-type"));

            var (status, headers, body) = await GetAsync(connection, $"{FramingTestEndpoints.FlatPath}?number={round}", "HTTP/1.1");
            Assert.Equal(200, status);
            Assert.Equal(PackSerializer.Serialize(FramingTestEndpoints.Flat(round)), body);
            Assert.Equal(body.Length.ToString(CultureInfo.InvariantCulture), headers.GetValueOrDefault("content-length"));
        }
    }

    /// <summary>
    /// The same for a failure part-way into a held body (a list whose 400th item throws, about 10 KB in), whichever thread's
    /// writer the next responses use (HeldBodyWriterTests drops committed bytes deterministically).
    /// </summary>
    [Fact]
    public async Task Http1_BodyThatFailsPartWay_LeavesNothingForTheNextResponses()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, configureServices: services => services.AddSingleton<IStartupFilter, FramingTestEndpoints>());
        await using var connection = await RawHttp1Connection.OpenAsync(host.BaseAddress);

        for (var round = 0; round < 8; round++)
        {
            var (failed, failedHeaders, _) = await GetAsync(connection, FramingTestEndpoints.FailingListPath, "HTTP/1.1");
            Assert.Equal(500, failed);
            Assert.NotEqual(PackMediaTypes.Pack, failedHeaders.GetValueOrDefault("content-type"));

            var (status, headers, body) = await GetAsync(connection, $"{FramingTestEndpoints.FlatPath}?number={round}", "HTTP/1.1");
            Assert.Equal(200, status);
            Assert.Equal(PackSerializer.Serialize(FramingTestEndpoints.Flat(round)), body);
            Assert.Equal(body.Length.ToString(CultureInfo.InvariantCulture), headers.GetValueOrDefault("content-length"));
        }
    }

    private static async Task<(int Status, Dictionary<string, string> Headers, byte[] Body)> GetAsync(RawHttp1Connection connection, string path, string version, string extraHeaders = "")
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await connection.SendAsync($"GET {path} {version}\r\nHost: localhost\r\nAccept: {PackMediaTypes.Pack}\r\n{extraHeaders}\r\n");
        return await connection.ReadResponseAsync(timeout.Token);
    }

    private static async Task<List<Frame>> RawHttp2GetAsync(Uri baseAddress, string path)
    {
        using var tcp = new TcpClient();
        await tcp.ConnectAsync(baseAddress.Host, baseAddress.Port);
        var stream = tcp.GetStream();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));

        var request = new MemoryStream();
        request.Write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"u8);
        // SETTINGS_INITIAL_WINDOW_SIZE and a connection WINDOW_UPDATE as large as they go, so flow control never holds
        // a body back (this client sends no further WINDOW_UPDATE).
        WriteFrame(request, SettingsFrame, 0, 0, [0x00, 0x04, 0x7F, 0xFF, 0xFF, 0xFF]);
        WriteFrame(request, WindowUpdateFrame, 0, 0, [0x7F, 0xFF, 0x00, 0x00]);
        var block = new MemoryStream();
        foreach (var (name, value) in new[] { (":method", "GET"), (":scheme", "http"), (":path", path), (":authority", baseAddress.Authority), ("accept", PackMediaTypes.Pack) })
        {
            // HPACK: a literal header field without indexing, new name (RFC 7541 §6.2.2); every string here is under 127 bytes.
            block.WriteByte(0);
            block.WriteByte((byte)name.Length);
            block.Write(Encoding.ASCII.GetBytes(name));
            block.WriteByte((byte)value.Length);
            block.Write(Encoding.ASCII.GetBytes(value));
        }

        WriteFrame(request, HeadersFrame, EndStream | EndHeaders, 1, block.ToArray());
        await stream.WriteAsync(request.ToArray(), timeout.Token);

        var frames = new List<Frame>();
        var header = new byte[9];
        while (true)
        {
            await stream.ReadExactlyAsync(header, timeout.Token);
            var length = (header[0] << 16) | (header[1] << 8) | header[2];
            var frame = new Frame(header[3], header[4], BinaryPrimitives.ReadInt32BigEndian(header.AsSpan(5)) & int.MaxValue, new byte[length]);
            await stream.ReadExactlyAsync(frame.Payload, timeout.Token);
            if (frame.StreamId != 1)
            {
                continue; // SETTINGS, WINDOW_UPDATE and the like, for the connection.
            }

            frames.Add(frame);
            if ((frame.Type is DataFrame or HeadersFrame) && (frame.Flags & EndStream) != 0)
            {
                return frames;
            }
        }
    }

    private static void WriteFrame(Stream destination, byte type, byte flags, int streamId, byte[] payload)
    {
        Span<byte> header = stackalloc byte[9];
        header[0] = (byte)(payload.Length >> 16);
        header[1] = (byte)(payload.Length >> 8);
        header[2] = (byte)payload.Length;
        header[3] = type;
        header[4] = flags;
        BinaryPrimitives.WriteInt32BigEndian(header[5..], streamId);
        destination.Write(header);
        destination.Write(payload);
    }

    /// <summary>
    /// This class's own endpoints and types, so no other test's type (the test app's <c>Reading</c> carries a schema
    /// fingerprint that a process-wide cache must first see through its context) is touched here:
    /// <see cref="FailingListPath"/> answers <c>PackResults.Ok</c> of a list whose 400th item fails as it is written,
    /// <see cref="FlatPath"/> a flat value (depth 1).
    /// </summary>
    private sealed class FramingTestEndpoints : IStartupFilter
    {
        public const string FailingListPath = "/framing/failing-list";
        public const string FlatPath = "/framing/flat";

        public static FlatValue Flat(int number) => new() { Number = number, Text = "flat" };

        public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
        {
            app.Map(FailingListPath, branch => branch.Run(context => PackResults.Ok(Enumerable.Range(0, 2_000).Select(i => new FailingItem { Index = i }).ToList()).ExecuteAsync(context)));
            app.Map(FlatPath, branch => branch.Run(context => PackResults.Ok(Flat(int.Parse(context.Request.Query["number"]!, CultureInfo.InvariantCulture))).ExecuteAsync(context)));
            next(app);
        };
    }

    public sealed class FlatValue
    {
        public int Number { get; init; }

        public string? Text { get; init; }
    }

    public sealed class FailingItem
    {
        public int Index { get; init; }

        public string Text
        {
            get => Index == 400 ? throw new InvalidOperationException("This item cannot be written.") : "an item";
            init { }
        }
    }

    private sealed record Frame(byte Type, byte Flags, int StreamId, byte[] Payload);

    /// <summary>Middleware that swaps the response body for a buffer and copies it out after the endpoint, as body-capturing middleware does.</summary>
    private sealed class BodyCapture : IStartupFilter
    {
        public byte[]? Captured { get; private set; }

        public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
        {
            app.Use(async (HttpContext context, RequestDelegate following) =>
            {
                var original = context.Response.Body;
                using var buffer = new MemoryStream();
                context.Response.Body = buffer;
                await following(context);
                Captured = buffer.ToArray();
                context.Response.Body = original;
                await original.WriteAsync(Captured);
            });
            next(app);
        };
    }
}
