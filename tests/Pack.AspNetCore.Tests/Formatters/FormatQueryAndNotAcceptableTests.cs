using System.Net;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class FormatQueryAndNotAcceptableTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    [Theory]
    [InlineData("/api/plain/7?format=pack", null)] // No [FormatFilter] on the action.
    [InlineData("/api/plain/7?format=PACK", "application/json")] // The query wins over Accept, as with [FormatFilter].
    [InlineData("/api/organizations/7?format=pack", null)] // [FormatFilter] action, query form.
    [InlineData("/api/organizations/7.pack", null)] // [FormatFilter] route form.
    [InlineData("/minimal/organizations/7?format=pack", null)]
    [InlineData("/minimal/organizations/7?format=pack", "application/json")]
    public async Task Get_FormatPack_AnswersPackOnEveryAction(string uri, string? accept)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, accept));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        PackHttp.AssertSame(SampleData.Organization(7), await PackHttp.ReadPackAsync<Organization>(response));
    }

    [Theory]
    [InlineData("/api/organizations/members/failing?format=pack")]
    [InlineData("/minimal/members?count=2&format=pack")]
    public async Task Get_FormatPackOnStreamingAction_AnswersPackStream(string uri)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, accept: null));

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        await using var body = await response.Content.ReadAsStreamAsync();
        var ids = new List<int>();
        try
        {
            await foreach (var member in PackStream.ReadAsync<Member>(body))
            {
                ids.Add(member!.Id);
            }
        }
        catch (PackStreamException)
        {
            // The failing producer ends in an error frame after its items.
        }

        Assert.Equal([1, 2], ids);
    }

    [Theory]
    [InlineData("/api/plain/7?format=json")]
    [InlineData("/api/plain/7")]
    public async Task Get_OtherOrNoFormat_StaysJson(string uri)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, accept: null));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Get_FormatPackOnProblem_StaysProblemJson()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/problem?format=pack", accept: null));

        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    [Theory]
    [InlineData("/api/organizations/7", new[] { "application/json", PackMediaTypes.Pack })]
    [InlineData("/api/organizations/members/failing", new[] { "application/json", PackMediaTypes.PackStream })]
    public async Task Get_NotAcceptable_Is406ProblemJsonNamingProducibleTypes(string uri, string[] expected)
    {
        using var strict = factory.WithWebHostBuilder(web => web.ConfigureServices(services =>
            services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = true)));
        using var client = strict.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, "text/csv"));

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(406, problem.GetProperty("status").GetInt32());
        var produced = problem.GetProperty("producibleMediaTypes").EnumerateArray().Select(e => e.GetString()).ToList();
        foreach (var mediaType in expected)
        {
            Assert.Contains(mediaType, produced);
            Assert.Contains(mediaType, problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        }
    }
}
