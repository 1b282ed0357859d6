using System.Net;
using System.Text;
using System.Text.Json;

namespace Pack.Client.Tests;

/// <summary>Error bodies of every shape, without a server: the status must never be lost to an odd body.</summary>
public sealed class HttpResponseMessagePackExtensionsTests
{
    private static HttpResponseMessage Response(HttpStatusCode status, string? body, string? mediaType)
    {
        var response = new HttpResponseMessage(status)
        {
            RequestMessage = new HttpRequestMessage(HttpMethod.Get, "http://127.0.0.1/things/1"),
        };
        if (body is not null)
        {
            response.Content = mediaType is null ? new ByteArrayContent(Encoding.UTF8.GetBytes(body)) : new StringContent(body, Encoding.UTF8, mediaType);
        }

        return response;
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_Success_DoesNotThrow()
    {
        using var response = Response(HttpStatusCode.OK, "{}", "application/json");

        await response.EnsureSuccessStatusCodeAsync();
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_ValidationProblem_ParsesEveryMember()
    {
        const string body = """
            {"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,
             "detail":"See errors.","instance":"/things/1","errors":{"Name":["Required.","Too short."],"Age":"Must be positive."},
             "traceId":"00-abc-01","retryable":false}
            """;
        using var response = Response(HttpStatusCode.BadRequest, body, "application/problem+json");

        var ex = await Assert.ThrowsAsync<PackApiException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(HttpStatusCode.BadRequest, ex.StatusCode);
        PackProblemDetails problem = Assert.IsType<PackProblemDetails>(ex.Problem);
        Assert.Equal("https://tools.ietf.org/html/rfc9110#section-15.5.1", problem.Type);
        Assert.Equal("One or more validation errors occurred.", problem.Title);
        Assert.Equal(400, problem.Status);
        Assert.Equal("See errors.", problem.Detail);
        Assert.Equal("/things/1", problem.Instance);
        Assert.Equal(["Required.", "Too short."], problem.Errors["Name"]);
        Assert.Equal(["Must be positive."], problem.Errors["Age"]);
        Assert.Equal("00-abc-01", problem.Extensions["traceId"].GetString());
        Assert.Equal(JsonValueKind.False, problem.Extensions["retryable"].ValueKind);
        Assert.Equal(body, ex.Content);
        Assert.Equal(new Uri("http://127.0.0.1/things/1"), ex.RequestUri);
        Assert.Contains("400", ex.Message, StringComparison.Ordinal);
        Assert.Contains("One or more validation errors occurred.", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_PlainJsonObject_KeepsMembersAsExtensions()
    {
        using var response = Response(HttpStatusCode.Conflict, """{"message":"Version mismatch","errors":["not a dictionary"]}""", "application/json");

        var ex = await Assert.ThrowsAsync<PackApiException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(HttpStatusCode.Conflict, ex.StatusCode);
        Assert.NotNull(ex.Problem);
        Assert.Null(ex.Problem.Title);
        Assert.Equal("Version mismatch", ex.Problem.Extensions["message"].GetString());
        Assert.Equal(JsonValueKind.Array, ex.Problem.Extensions["errors"].ValueKind);
        Assert.Empty(ex.Problem.Errors);
    }

    [Theory]
    [InlineData("Service down", "text/plain")]
    [InlineData("<html>Bad gateway</html>", "text/html")]
    [InlineData("{not json", "application/problem+json")]
    [InlineData("[1,2,3]", "application/json")]
    [InlineData("raw bytes", null)]
    public async Task EnsureSuccessStatusCodeAsync_NonProblemBody_KeepsTextWithoutProblem(string body, string? mediaType)
    {
        using var response = Response(HttpStatusCode.BadGateway, body, mediaType);

        var ex = await Assert.ThrowsAsync<PackApiException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(HttpStatusCode.BadGateway, ex.StatusCode);
        Assert.Null(ex.Problem);
        Assert.Equal(body, ex.Content);
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_EmptyBody_HasNoContent()
    {
        using var response = Response(HttpStatusCode.NotFound, body: null, mediaType: null);

        var ex = await Assert.ThrowsAsync<PackApiException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(HttpStatusCode.NotFound, ex.StatusCode);
        Assert.Null(ex.Content);
        Assert.Null(ex.Problem);
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_HugeBody_KeepsOnlyTheCap()
    {
        using var response = Response(HttpStatusCode.InternalServerError, new string('x', 3 * 1024 * 1024), "text/plain");

        var ex = await Assert.ThrowsAsync<PackApiException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(1024 * 1024, ex.Content?.Length);
    }

    [Fact]
    public async Task EnsureSuccessStatusCodeAsync_IsAnHttpRequestException()
    {
        using var response = Response(HttpStatusCode.Unauthorized, body: null, mediaType: null);

        var ex = await Assert.ThrowsAnyAsync<HttpRequestException>(() => response.EnsureSuccessStatusCodeAsync());

        Assert.Equal(HttpStatusCode.Unauthorized, ex.StatusCode);
    }
}
