using System.IO.Compression;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// A large Pack response leaves the server in bounded chunks, one flush each, with exactly the bytes of
/// <see cref="PackSerializer.Serialize{T}(T, PackSerializerOptions?)"/>, through MVC and minimal APIs, compressed or not.
/// </summary>
public sealed class LargeResponseFlushTests : IAsyncLifetime
{
    // The serializer flushes at the first safe point past 64 KiB; one member of the sample data is under 200 bytes.
    private const int MaxChunk = (64 * 1024) + 200;
    private const int Members = 20_000;

    private readonly FlushRecorder _recorder = new();
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        PackTestApp.ConfigureServices(builder.Services);
        _app = builder.Build();
        _app.Use(_recorder.InvokeAsync);
        PackTestApp.Configure(_app);
        await _app.StartAsync();
        _client = _app.GetTestClient();
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Theory]
    [InlineData("/api/organizations/large")]
    [InlineData("/minimal/organizations/large")]
    public async Task Get_LargeOrganization_FlushesInBoundedChunksWithSerializeBytes(string path)
    {
        var expected = PackSerializer.Serialize(SampleData.Organization(1, Members));

        using var response = await _client!.SendAsync(PackHttp.Get($"{path}?members={Members}"));
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.True(expected.AsSpan().SequenceEqual(body), "the body differs from PackSerializer.Serialize's bytes");
        var chunks = _recorder.LastChunks;
        Assert.Equal(expected.Length, chunks.Sum());
        Assert.True(chunks.Count >= expected.Length / MaxChunk, $"{chunks.Count} flushes for {expected.Length} bytes");
        Assert.All(chunks, chunk => Assert.InRange(chunk, 1, MaxChunk));
    }

    [Theory]
    [InlineData("/api/organizations/large")]
    [InlineData("/minimal/organizations/large")]
    public async Task Get_LargeOrganizationGzip_FlushesCompressedChunksThatDecompressToSerializeBytes(string path)
    {
        var expected = PackSerializer.Serialize(SampleData.Organization(1, Members));
        var request = PackHttp.Get($"{path}?members={Members}");
        request.Headers.AcceptEncoding.Add(new StringWithQualityHeaderValue("gzip"));

        using var response = await _client!.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(["gzip"], response.Content.Headers.ContentEncoding);
        await using var gzip = new GZipStream(new MemoryStream(body), CompressionMode.Decompress);
        using var plain = new MemoryStream();
        await gzip.CopyToAsync(plain);
        Assert.True(expected.AsSpan().SequenceEqual(plain.ToArray()), "the decompressed body differs from PackSerializer.Serialize's bytes");
        var chunks = _recorder.LastChunks;
        Assert.Equal(body.Length, chunks.Sum());
        Assert.True(chunks.Count > 1, "the compressed response was flushed once");
        Assert.All(chunks, chunk => Assert.InRange(chunk, 1, MaxChunk));
    }

    [Theory]
    [InlineData("/api/organizations/large")]
    [InlineData("/minimal/organizations/large")]
    public async Task Get_SmallOrganization_FlushesOnce(string path)
    {
        var expected = PackSerializer.Serialize(SampleData.Organization(1, 10));

        using var response = await _client!.SendAsync(PackHttp.Get($"{path}?members=10"));
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(expected, body);
        Assert.Equal([expected.Length], _recorder.LastChunks);
    }
}
