using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class ProtocolTests
{
    [Theory]
    [InlineData(HttpProtocols.Http1, "/api/organizations")]
    [InlineData(HttpProtocols.Http2, "/api/organizations")]
    [InlineData(HttpProtocols.Http1, "/minimal/organizations")]
    [InlineData(HttpProtocols.Http2, "/minimal/organizations")]
    public async Task PostAndGet_OverProtocol_RoundTrip(HttpProtocols protocols, string path)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        using var client = host.CreateClient();
        var organization = SampleData.Organization(21, members: 500);

        using var post = await client.SendAsync(PackHttp.Post(path, PackHttp.Content(organization)));
        using var get = await client.SendAsync(PackHttp.Get($"{path}/21"));
        using var getJson = await client.SendAsync(PackHttp.Get($"{path}/21", accept: null));

        var expectedVersion = protocols == HttpProtocols.Http2 ? HttpVersion.Version20 : HttpVersion.Version11;
        Assert.Equal(expectedVersion, post.Version);
        Assert.True(post.IsSuccessStatusCode, post.StatusCode.ToString());
        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(post));
        PackHttp.AssertSame(SampleData.Organization(21), await PackHttp.ReadPackAsync<Organization>(get));
        Assert.Equal("application/json", getJson.Content.Headers.ContentType?.MediaType);
    }

    /// <summary>
    /// A body larger than every HTTP/2 flow-control window on the way (Kestrel's 768 KiB stream window and 1 MiB connection
    /// window, the client's 64 KiB for the echo): the reader keeps the whole body buffered until it has all of it, so this
    /// holds only because the server opens its windows for bytes examined, not only for bytes consumed.
    /// </summary>
    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_BodyLargerThanTheHttp2Windows_RoundTrips(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http2);
        using var client = host.CreateClient();
        client.Timeout = TimeSpan.FromSeconds(30);
        var organization = SampleData.Organization(22, members: 20_000);
        Assert.True(PackSerializer.Serialize(organization).Length > 2 * 1024 * 1024);

        using var post = await client.SendAsync(PackHttp.Post(path, PackHttp.Content(organization)));

        Assert.Equal(HttpVersion.Version20, post.Version);
        Assert.True(post.IsSuccessStatusCode, post.StatusCode.ToString());
        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(post));
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Post_BadBody_OverProtocol_Returns400ProblemJson(HttpProtocols protocols)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([0xFF, 0xFF, 0xFF, 0x7F, 1])));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    [Theory]
    [InlineData(HttpProtocols.Http1, "/api/organizations", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData(HttpProtocols.Http2, "/api/organizations", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData(HttpProtocols.Http1, "/minimal/organizations", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData(HttpProtocols.Http2, "/minimal/organizations", HttpStatusCode.RequestEntityTooLarge)]
    public async Task Post_OverKestrelLimit_IsRejectedWithProblemThatSaysSo(HttpProtocols protocols, string path, HttpStatusCode expected)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols, configureKestrel: kestrel => kestrel.Limits.MaxRequestBodySize = 2048);
        using var client = host.CreateClient();
        // Just over the limit: Kestrel then receives the whole body in one read, so closing the connection after the 413
        // leaves no unread bytes behind, which would make TCP reset the connection under the client's feet (a flaky race).
        var body = PackSerializer.Serialize(SampleData.Organization(1, members: 30));
        Assert.InRange(body.Length, 2049, 3500);
        var content = new StreamContent(new MemoryStream(body));
        content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(PackMediaTypes.Pack);
        var request = PackHttp.Post(path, content);
        if (protocols == HttpProtocols.Http1)
        {
            request.Headers.TransferEncodingChunked = true; // Kestrel then finds out while reading, not from Content-Length.
        }

        using var small = await client.SendAsync(PackHttp.Post(path, PackHttp.Content(SampleData.Organization(1, members: 1))));
        using var large = await client.SendAsync(request);

        Assert.True(small.IsSuccessStatusCode, small.StatusCode.ToString());
        Assert.Equal(expected, large.StatusCode);
        Assert.Contains("Request body too large", await large.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }
}
