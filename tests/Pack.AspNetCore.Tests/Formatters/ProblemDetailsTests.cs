using System.Net;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class ProblemDetailsTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    [Theory]
    [InlineData("/api/organizations/404", HttpStatusCode.NotFound, "application/x-pack")]
    [InlineData("/api/organizations/404", HttpStatusCode.NotFound, "application/x-pack-stream")]
    [InlineData("/api/organizations/404", HttpStatusCode.NotFound, null)]
    [InlineData("/no/such/route", HttpStatusCode.NotFound, "application/x-pack")]
    [InlineData("/api/organizations/throw", HttpStatusCode.InternalServerError, "application/x-pack")]
    [InlineData("/api/organizations/throw", HttpStatusCode.InternalServerError, "application/json")]
    [InlineData("/api/organizations/problem", HttpStatusCode.Conflict, "application/x-pack")]
    [InlineData("/api/organizations/problem", HttpStatusCode.Conflict, "application/x-pack, application/json;q=0.1")]
    public async Task Get_Error_IsProblemJsonWhateverTheAccept(string uri, HttpStatusCode status, string? accept)
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(uri, accept));

        Assert.Equal(status, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Equal((int)status, problem.GetProperty("status").GetInt32());
    }

    [Fact]
    public async Task Post_InvalidBodyWithPackAccept_IsProblemJson()
    {
        using var client = factory.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([0xFF, 0xFF]), accept: PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.True(problem.TryGetProperty("errors", out _));
    }
}
