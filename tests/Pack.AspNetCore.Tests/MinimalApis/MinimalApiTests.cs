using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.MinimalApis;

public sealed class MinimalApiTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    [Theory]
    [InlineData(null, "application/json")]
    [InlineData("*/*", "application/json")]
    [InlineData("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "application/json")]
    [InlineData("application/x-pack", PackMediaTypes.Pack)]
    [InlineData("application/x-pack, application/json;q=0.5", PackMediaTypes.Pack)]
    [InlineData("application/json;q=0.5, application/x-pack", PackMediaTypes.Pack)]
    [InlineData("application/json", "application/json")]
    [InlineData("application/json, application/x-pack", "application/json")]
    [InlineData("application/x-pack;q=0", "application/json")]
    [InlineData("text/csv", "application/json")]
    public async Task PackResultsOk_AcceptHeader_NegotiatesFormat(string? accept, string expectedMediaType)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/minimal/organizations/9", accept));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expectedMediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
        var organization = expectedMediaType == PackMediaTypes.Pack
            ? await PackHttp.ReadPackAsync<Organization>(response)
            : JsonSerializer.Deserialize<Organization>(await response.Content.ReadAsStringAsync(), Web);
        PackHttp.AssertSame(SampleData.Organization(9), organization);
    }

    [Fact]
    public async Task PackBody_Organization_BindsAndCreated()
    {
        using var client = factory.CreateClient();
        var organization = SampleData.Organization(77, members: 20);

        using var response = await client.SendAsync(PackHttp.Post("/minimal/organizations", PackHttp.Content(organization)));

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal("/minimal/organizations/77", response.Headers.Location?.OriginalString);
        PackHttp.AssertSame(organization, await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Fact]
    public async Task PackBody_SmallObject_RoundTrips()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/minimal/small", PackHttp.Content(SampleData.Small())));

        PackHttp.AssertSame(SampleData.Small(), await PackHttp.ReadPackAsync<SmallObject>(response));
    }

    [Theory]
    [MemberData(nameof(Formatters.PackInputFormatterTests.BadBodies), MemberType = typeof(Formatters.PackInputFormatterTests))]
    public async Task PackBody_BadBody_Returns400ProblemThatSaysWhy(string scenario, byte[] body)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/minimal/organizations", PackHttp.Bytes(body)));

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{scenario}: {response.StatusCode}");
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.StartsWith("The request body is not a valid Pack encoding of Organization", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(1, problem.GetProperty("errors").GetProperty("organization").GetArrayLength());
    }

    [Fact]
    public async Task PackBody_EmptyBody_Returns400Problem()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/minimal/organizations", PackHttp.Bytes([])));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal("A non-empty Pack request body is required.", problem.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task PackBody_WrongContentType_Returns415Problem()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/minimal/organizations", PackHttp.Bytes("{}"u8.ToArray(), "application/json")));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    [Fact]
    public async Task PackBody_OverPackLimit_Returns413Problem()
    {
        using var limited = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<PackFormatterOptions>(options => options.MaxRequestBodySize = 1024)));
        using var client = limited.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/minimal/organizations", PackHttp.Content(SampleData.Organization(1, members: 100))));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal("The Pack request body is larger than the limit of 1024 bytes.", problem.GetProperty("detail").GetString());
    }

    [Theory]
    [InlineData(true, "organization 5")]
    [InlineData(false, "null")]
    public async Task NullablePackBody_EmptyBodyBindsNull(bool sendBody, string expected)
    {
        using var client = factory.CreateClient();
        var content = sendBody ? PackHttp.Content(SampleData.Organization(5)) : PackHttp.Bytes([]);

        using var response = await client.SendAsync(PackHttp.Post("/minimal/optional", content, accept: "application/json"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expected, JsonSerializer.Deserialize<string>(await response.Content.ReadAsStringAsync()));
    }

    [Fact]
    public async Task PackResultsOk_AsyncEnumerable_StreamsFramesToPackClients()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/minimal/members?count=4"), HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        var ids = new List<int>();
        await foreach (var member in PackStream.ReadAsync<Member>(await response.Content.ReadAsStreamAsync()))
        {
            ids.Add(member!.Id);
        }

        Assert.Equal([1, 2, 3, 4], ids);
    }

    [Fact]
    public async Task PackResultsOk_AsyncEnumerable_IsJsonArrayForOthers()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/minimal/members?count=2", accept: null));

        var members = JsonSerializer.Deserialize<List<Member>>(await response.Content.ReadAsStringAsync(), Web);
        Assert.Equal([1, 2], members!.Select(m => m.Id));
    }
}
