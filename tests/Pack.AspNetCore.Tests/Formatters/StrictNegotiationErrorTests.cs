using System.Net;
using System.Text;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.Operations;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// With <see cref="MvcOptions.ReturnHttpNotAcceptable"/> and an <c>Accept</c> that names Pack alone, errors still win over
/// negotiation: a rejected body is 400/413, a missing resource 404, a wrong content type 415 and an expired deadline
/// 504, each with an <c>application/problem+json</c> body, never a 406 or an empty answer.
/// </summary>
public sealed class StrictNegotiationErrorTests
{
    private const int Limit = 1024;

    public static TheoryData<string, string, int> RejectedBodies()
    {
        var data = new TheoryData<string, string, int>();
        foreach (var path in new[] { "/api/organizations", "/minimal/organizations" })
        {
            data.Add(path, "malformed", 400);
            data.Add(path, "truncated", 400);
            data.Add(path, "oversized", 413);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RejectedBodies))]
    public async Task Post_RejectedBodyAcceptingPackAlone_AnswersProblemJsonNot406(string path, string body, int status)
    {
        await using var host = await StartStrictAsync();
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(Body(body))));

        Assert.Equal(status, (int)response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(status, problem.GetProperty("status").GetInt32());
        if (status == 400)
        {
            Assert.True(problem.TryGetProperty("errors", out _), problem.ToString());
        }
    }

    [Theory]
    [InlineData(PackMediaTypes.Pack)]
    [InlineData(PackMediaTypes.PackStream)]
    [InlineData("text/csv")]
    public async Task Get_MissingResourceUnderStrictNegotiation_Answers404ProblemJson(string accept)
    {
        await using var host = await StartStrictAsync();
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get($"/api/organizations/{OrganizationsController.MissingId}", accept));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal(404, (await PackHttp.ReadProblemAsync(response)).GetProperty("status").GetInt32());
    }

    [Fact]
    public async Task Post_UnsupportedContentTypeAcceptingPackAlone_Answers415ProblemJson()
    {
        await using var host = await StartStrictAsync();
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes(Encoding.UTF8.GetBytes("a,b"), "text/csv")));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        Assert.Equal(415, (await PackHttp.ReadProblemAsync(response)).GetProperty("status").GetInt32());
    }

    [Fact]
    public async Task Get_NothingProducibleUnderStrictNegotiation_StillAnswers406()
    {
        // Errors win; a successful result that cannot be negotiated is still a 406.
        await using var host = await StartStrictAsync();
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7", "text/csv"));

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
        await PackHttp.ReadProblemAsync(response);
    }

    [Theory]
    [InlineData("/api/deadlines/slow")]
    [InlineData("/minimal/deadlines/slow")]
    public async Task Get_DeadlineExpiresAcceptingPackAlone_Answers504ProblemJsonWithBody(string path)
    {
        await using var host = await DeadlineTestHost.StartAsync(configureServices: Strict);
        using var client = host.CreateClient();
        using var request = PackHttp.Get($"{path}?probe={Guid.NewGuid():N}");
        request.Headers.Add(PackTimeoutHeader.Name, "300m");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal(PackTimeoutHeader.ProblemType, problem.GetProperty("type").GetString());
        Assert.Equal(504, problem.GetProperty("status").GetInt32());
    }

    private static Task<KestrelTestHost> StartStrictAsync() => KestrelTestHost.StartAsync(
        HttpProtocols.Http1,
        configurePack: options => options.MaxRequestBodySize = Limit,
        configureServices: Strict);

    private static void Strict(IServiceCollection services) =>
        services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = true);

    private static byte[] Body(string kind)
    {
        var valid = PackSerializer.Serialize(SampleData.Organization(1, members: 2));
        return kind switch
        {
            "malformed" => [0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x02, 0x03],
            "truncated" => valid[..(valid.Length / 2)],
            "oversized" => PackSerializer.Serialize(SampleData.Organization(1, members: 40)),
            _ => throw new ArgumentOutOfRangeException(nameof(kind)),
        };
    }
}
