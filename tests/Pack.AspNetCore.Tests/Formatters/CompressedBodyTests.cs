using System.IO.Compression;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Request bodies whose Content-Encoding does not match their bytes (the test app uses AddRequestDecompression, as
/// docs/aspnetcore.md recommends): every failure the content causes is a 400 problem+json, never a 500.
/// </summary>
public sealed class CompressedBodyTests
{
    public static TheoryData<string, string, string> Cases()
    {
        var data = new TheoryData<string, string, string>();
        foreach (var path in new[] { "/api/organizations", "/minimal/organizations" })
        {
            foreach (var encoding in new[] { "gzip", "deflate", "br" })
            {
                foreach (var kind in new[] { "garbage", "truncated", "corrupted" })
                {
                    data.Add(path, encoding, kind);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Post_BodyNotInItsContentEncoding_Returns400ProblemJson(string path, string encoding, string kind)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();
        var content = PackHttp.Bytes(BadBody(encoding, kind));
        content.Headers.ContentEncoding.Add(encoding);

        using var response = await client.SendAsync(PackHttp.Post(path, content));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    private static byte[] BadBody(string encoding, string kind)
    {
        var compressed = Compress(encoding, PackSerializer.Serialize(SampleData.Organization(3, members: 200)));
        switch (kind)
        {
            case "garbage":
                var garbage = new byte[512];
                new Random(7).NextBytes(garbage);
                return garbage;
            case "truncated":
                return compressed.AsSpan(0, compressed.Length / 2).ToArray();
            default:
                // Valid framing at the start, then flipped bits in the compressed stream.
                var corrupted = compressed.ToArray();
                for (int i = Math.Min(12, corrupted.Length / 4); i < corrupted.Length; i += 7)
                {
                    corrupted[i] ^= 0x5A;
                }

                return corrupted;
        }
    }

    private static byte[] Compress(string encoding, byte[] bytes)
    {
        using var output = new MemoryStream();
        using (Stream compressor = encoding switch
        {
            "gzip" => new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true),
            "deflate" => new DeflateStream(output, CompressionLevel.Fastest, leaveOpen: true),
            _ => new BrotliStream(output, CompressionLevel.Fastest, leaveOpen: true),
        })
        {
            compressor.Write(bytes);
        }

        return output.ToArray();
    }
}
