using System.Net;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class NegotiationTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    private const string Json = "application/json";
    private const string Browser = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

    [Theory]
    [InlineData(null, Json)]
    [InlineData("*/*", Json)]
    [InlineData(Browser, Json)]
    [InlineData("application/x-pack", PackMediaTypes.Pack)]
    [InlineData("application/x-pack, application/json;q=0.5", PackMediaTypes.Pack)]
    [InlineData("application/json;q=0.5, application/x-pack", PackMediaTypes.Pack)]
    [InlineData("application/json", Json)]
    [InlineData("application/json, application/x-pack;q=0.5", Json)]
    [InlineData("application/*", Json)]
    [InlineData("text/csv", Json)]
    public async Task Get_AcceptHeader_NegotiatesFormat(string? accept, string expectedMediaType)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7", accept));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expectedMediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
        var organization = expectedMediaType == PackMediaTypes.Pack
            ? await PackHttp.ReadPackAsync<Organization>(response)
            : System.Text.Json.JsonSerializer.Deserialize<Organization>(await response.Content.ReadAsStringAsync(), new System.Text.Json.JsonSerializerOptions(System.Text.Json.JsonSerializerDefaults.Web));
        PackHttp.AssertSame(SampleData.Organization(7), organization);
    }

    [Theory]
    [InlineData("text/csv")]
    [InlineData("application/xml")]
    [InlineData("application/x-pack-stream")]
    public async Task Get_UnservableAcceptWithReturnHttpNotAcceptable_Returns406(string accept)
    {
        using var strict = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = true)));
        using var client = strict.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7", accept));

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
        Assert.NotEqual(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("application/x-pack", PackMediaTypes.Pack)]
    [InlineData("application/json", "application/json")]
    [InlineData(null, "application/json")]
    public async Task Get_WithReturnHttpNotAcceptable_StillServesWhatWasAskedFor(string? accept, string expectedMediaType)
    {
        using var strict = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = true)));
        using var client = strict.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7", accept));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(expectedMediaType, response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("/api/organizations/7?format=pack")]
    [InlineData("/api/organizations/7.pack")]
    public async Task Get_FormatPack_ReturnsPackWhateverTheAccept(string uri)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, accept: "application/json"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(SampleData.Organization(7), await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Fact]
    public async Task Get_FormatJson_ReturnsJsonForPackAccept()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7.json"));

        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }
}
