using System.Buffers.Binary;
using System.Net;
using System.Text;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class PackInputFormatterTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    public static TheoryData<string, byte[]> BadBodies()
    {
        var valid = PackSerializer.Serialize(SampleData.Organization(5, members: 10));
        var hugeLength = new byte[16];
        BinaryPrimitives.WriteInt32LittleEndian(hugeLength, 1);
        BinaryPrimitives.WriteInt32LittleEndian(hugeLength.AsSpan(4), int.MaxValue);
        BinaryPrimitives.WriteInt32LittleEndian(hugeLength.AsSpan(8), int.MaxValue);
        BinaryPrimitives.WriteInt32LittleEndian(hugeLength.AsSpan(12), int.MaxValue);

        return new TheoryData<string, byte[]>
        {
            { "truncated", valid[..(valid.Length / 2)] },
            { "truncated by one byte", valid[..^1] },
            { "garbage", Enumerable.Range(0, 64).Select(i => (byte)(0xFF - i)).ToArray() },
            { "huge length prefix", hugeLength },
            { "json sent as pack", Encoding.UTF8.GetBytes("""{"id":1,"tags":["a"],"members":[]}""") },
            { "single byte", [0x01] },
            { "trailing bytes", [.. valid, 0x00] },
        };
    }

    [Fact]
    public async Task Post_Organization_RoundTrips()
    {
        using var client = factory.CreateClient();
        var organization = SampleData.Organization(42, members: 50);

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(organization)));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Fact]
    public async Task Post_OrganizationWithNulls_RoundTrips()
    {
        using var client = factory.CreateClient();
        var organization = new Organization { Id = -1, Tags = null, Members = [new Member { Id = 1 }] };

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(organization)));

        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Fact]
    public async Task Post_SmallObject_RoundTrips()
    {
        using var client = factory.CreateClient();
        var value = SampleData.Small();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations/small", PackHttp.Content(value)));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(value, await PackHttp.ReadPackAsync<SmallObject>(response));
    }

    [Fact]
    public async Task Post_PackBodyWithJsonAccept_AnswersJson()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations/small", PackHttp.Content(SampleData.Small()), accept: "application/json"));

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("\"s2\":\"wörld\"", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Post_BadBody_Returns400ValidationProblemThatSaysWhy(string scenario, byte[] body)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes(body)));

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{scenario}: {response.StatusCode}");
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(400, problem.GetProperty("status").GetInt32());
        var message = problem.GetProperty("errors").GetProperty("$")[0].GetString();
        Assert.StartsWith("The request body is not a valid Pack encoding of Organization", message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Post_BadBodyToSmallObject_Returns400(string scenario, byte[] body)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations/small", PackHttp.Bytes(body)));

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{scenario}: {response.StatusCode}");
        await PackHttp.ReadProblemAsync(response);
    }

    [Fact]
    public async Task Post_EmptyBody_Returns400LikeJson()
    {
        using var client = factory.CreateClient();

        using var pack = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([])));
        using var json = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([], "application/json")));

        Assert.Equal(HttpStatusCode.BadRequest, json.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, pack.StatusCode);
        await PackHttp.ReadProblemAsync(pack);
    }

    [Fact]
    public async Task Post_ChunkedEmptyBody_Returns400()
    {
        using var client = factory.CreateClient();
        var content = new StreamContent(new MemoryStream());
        content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(PackMediaTypes.Pack);
        var request = PackHttp.Post("/api/organizations", content);
        request.Headers.TransferEncodingChunked = true;

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task Post_EmptyBodyWhenAllowed_BindsNull()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations/optional", PackHttp.Bytes([]), accept: "text/plain"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("null", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Post_OptionalBodyPresent_Binds()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations/optional", PackHttp.Content(SampleData.Organization(3)), accept: "text/plain"));

        Assert.Equal("organization 3", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Post_BodyOverPackLimit_Returns413ProblemThatSaysSo()
    {
        using var limited = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<PackFormatterOptions>(options => options.MaxRequestBodySize = 1024)));
        using var client = limited.CreateClient();

        using var small = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(SampleData.Organization(1, members: 1))));
        using var large = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(SampleData.Organization(1, members: 100))));

        Assert.Equal(HttpStatusCode.OK, small.StatusCode);
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, large.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(large);
        Assert.Equal(413, problem.GetProperty("status").GetInt32());
        Assert.Equal("The Pack request body is larger than the limit of 1024 bytes.", problem.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task Post_BodyOverPackLimitWithoutApiController_Returns413Problem()
    {
        using var limited = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<PackFormatterOptions>(options => options.MaxRequestBodySize = 1024)));
        using var client = limited.CreateClient();

        using var small = await client.SendAsync(PackHttp.Post("/api/plain", PackHttp.Content(SampleData.Organization(1, members: 1)), accept: "application/json"));
        using var large = await client.SendAsync(PackHttp.Post("/api/plain", PackHttp.Content(SampleData.Organization(1, members: 100))));

        Assert.Equal(HttpStatusCode.OK, small.StatusCode);
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, large.StatusCode);
        Assert.Contains("larger than the limit of 1024 bytes", (await PackHttp.ReadProblemAsync(large)).GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Post_ChunkedBodyOverPackLimit_Returns413()
    {
        using var limited = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<PackFormatterOptions>(options => options.MaxRequestBodySize = 1024)));
        using var client = limited.CreateClient();
        var content = new StreamContent(new MemoryStream(PackSerializer.Serialize(SampleData.Organization(1, members: 100))));
        content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(PackMediaTypes.Pack);
        var request = PackHttp.Post("/api/organizations", content);
        request.Headers.TransferEncodingChunked = true;

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Contains("larger than the limit", (await PackHttp.ReadProblemAsync(response)).GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Post_UnknownContentType_Returns415ProblemJson()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([1, 2, 3], "application/octet-stream")));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }
}
