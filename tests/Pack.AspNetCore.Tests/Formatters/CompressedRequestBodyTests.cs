using System.IO.Compression;
using System.Net;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Every failure to read a compressed request body that its content causes is a 4xx problem+json: 400 for data a
/// decoder cannot decode or that does not decode to Pack, 413 for a body that inflates past the limit. Never a 500.
/// (Bytes after the end of a complete gzip or Brotli stream are ignored by the decoders, so they are not a failure.)
/// </summary>
public sealed class CompressedRequestBodyTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    public static TheoryData<string, string, string> Grid()
    {
        var data = new TheoryData<string, string, string>();
        foreach (var uri in new[] { "/api/organizations", "/minimal/organizations" })
        {
            foreach (var encoding in new[] { "gzip", "deflate", "br" })
            {
                foreach (var kind in new[] { "garbage", "other-format", "truncated", "corrupted", "not-pack", "empty-stream", "decoder-error" })
                {
                    data.Add(uri, encoding, kind);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Grid))]
    public async Task Post_UndecodableCompressedBody_Is400ProblemJson(string uri, string encoding, string kind)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(Request(uri, encoding, BadBody(encoding, kind)));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(400, problem.GetProperty("status").GetInt32());
    }

    [Theory]
    [InlineData("/api/organizations", "gzip")]
    [InlineData("/api/organizations", "deflate")]
    [InlineData("/api/organizations", "br")]
    [InlineData("/minimal/organizations", "gzip")]
    [InlineData("/minimal/organizations", "deflate")]
    [InlineData("/minimal/organizations", "br")]
    public async Task Post_CompressionBomb_Is413ProblemJson(string uri, string encoding)
    {
        using var client = factory.CreateClient();
        var bomb = Compress(encoding, new byte[PackFormatterOptions.DefaultMaxRequestBodySize + (1024 * 1024)]);

        using var response = await client.SendAsync(Request(uri, encoding, bomb));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(413, problem.GetProperty("status").GetInt32());
    }

    [Theory]
    [InlineData("/api/organizations", "gzip")]
    [InlineData("/api/organizations", "deflate")]
    [InlineData("/api/organizations", "br")]
    [InlineData("/minimal/organizations", "gzip")]
    [InlineData("/minimal/organizations", "deflate")]
    [InlineData("/minimal/organizations", "br")]
    public async Task Post_ValidCompressedBody_RoundTrips(string uri, string encoding)
    {
        using var client = factory.CreateClient();
        var organization = SampleData.Organization(3, members: 20);

        using var response = await client.SendAsync(Request(uri, encoding, Compress(encoding, PackSerializer.Serialize(organization))));

        Assert.True(response.IsSuccessStatusCode, response.StatusCode.ToString());
        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_BodyStreamThrowsServerFault_StaysA500(string uri)
    {
        // The same exception type a Brotli decoder throws for bad data, but from server code: a bug, not the client's fault.
        using var client = factory.CreateClient();
        var request = PackHttp.Post(uri, PackHttp.Content(SampleData.Organization(1)));
        request.Headers.Add(FaultyBodyMiddleware.Header, "1");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
    }

    private static HttpRequestMessage Request(string uri, string encoding, byte[] body)
    {
        var content = PackHttp.Bytes(body);
        content.Headers.ContentEncoding.Add(encoding);
        return PackHttp.Post(uri, content);
    }

    private static byte[] BadBody(string encoding, string kind)
    {
        var pack = PackSerializer.Serialize(SampleData.Organization(7, members: 50));
        var valid = Compress(encoding, pack);
        var random = new byte[512];
        new Random(42).NextBytes(random);
        return kind switch
        {
            "garbage" => random,
            // A well-formed stream of another Content-Encoding than the one declared.
            "other-format" => Compress(encoding == "gzip" ? "br" : "gzip", pack),
            "truncated" => valid[..(valid.Length / 2)],
            "corrupted" => Corrupt(valid),
            // Decompresses fine, but to bytes that are not Pack.
            "not-pack" => Compress(encoding, [0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3]),
            // A valid compressed stream of nothing: an empty body after decoding.
            "empty-stream" => Compress(encoding, []),
            // Found by the HTTP fuzzer: as deflate, zlib rejects this with ZLibException (an IOException from
            // System.IO.Compression, not Brotli's assembly), which was once taken for a client reset and aborted.
            "decoder-error" => Convert.FromHexString("38302A5CFF0DFF8030303030303E0F313030303030303030"),
            _ => throw new ArgumentOutOfRangeException(nameof(kind)),
        };
    }

    private static byte[] Corrupt(byte[] valid)
    {
        var corrupt = (byte[])valid.Clone();
        for (var i = corrupt.Length / 3; i < corrupt.Length * 2 / 3; i += 7)
        {
            corrupt[i] ^= 0xA5;
        }

        return corrupt;
    }

    internal static byte[] Compress(string encoding, byte[] data)
    {
        using var output = new MemoryStream();
        using (Stream compressor = encoding switch
        {
            "gzip" => new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true),
            // HTTP's deflate is the zlib format (RFC 9110 8.4.1.2), which is what ASP.NET's provider reads.
            "deflate" => new ZLibStream(output, CompressionLevel.Fastest, leaveOpen: true),
            "br" => new BrotliStream(output, CompressionLevel.Fastest, leaveOpen: true),
            _ => throw new ArgumentOutOfRangeException(nameof(encoding)),
        })
        {
            compressor.Write(data);
        }

        return output.ToArray();
    }
}
