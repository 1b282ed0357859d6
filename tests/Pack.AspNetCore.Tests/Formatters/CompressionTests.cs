using System.IO.Compression;
using System.Net;
using System.Net.Http.Headers;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class CompressionTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_GzipRequestAndResponse_RoundTrip(string uri)
    {
        using var client = factory.CreateClient();
        var organization = SampleData.Organization(11, members: 200);
        var packed = PackSerializer.Serialize(organization);
        using var compressed = new MemoryStream();
        await using (var gzip = new GZipStream(compressed, CompressionLevel.Optimal, leaveOpen: true))
        {
            await gzip.WriteAsync(packed);
        }

        var content = PackHttp.Bytes(compressed.ToArray());
        content.Headers.ContentEncoding.Add("gzip");
        var request = PackHttp.Post(uri, content);
        request.Headers.AcceptEncoding.Add(new StringWithQualityHeaderValue("gzip"));

        using var response = await client.SendAsync(request);

        Assert.True(response.IsSuccessStatusCode, response.StatusCode.ToString());
        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(["gzip"], response.Content.Headers.ContentEncoding);
        var responseBytes = await response.Content.ReadAsByteArrayAsync();
        Assert.True(responseBytes.Length < packed.Length, "The response was compressed.");
        await using var decompressed = new GZipStream(new MemoryStream(responseBytes), CompressionMode.Decompress);
        using var plain = new MemoryStream();
        await decompressed.CopyToAsync(plain);
        PackHttp.AssertSame(organization, PackSerializer.Deserialize<Organization>(plain.ToArray()));
    }
}
