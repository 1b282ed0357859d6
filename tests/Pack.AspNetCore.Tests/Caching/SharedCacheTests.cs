using System.Net;
using System.Text.Json;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Caching;

/// <summary>
/// JSON and Pack clients alternating on one cached URL each get their own format: the response cache keys by the
/// response's <c>Vary</c> (as a shared cache or CDN does), the output cache by its own rules.
/// </summary>
public sealed class SharedCacheTests
{
    [Theory]
    [InlineData("/api/cached/response-cache/7")] // MVC, [ResponseCache(VaryByHeader = "Accept-Encoding")], response caching
    [InlineData("/minimal/cached/response-cache/7")] // minimal API, Vary: Accept-Encoding set by the handler, response caching
    [InlineData("/api/cached/output-cache/7")] // MVC, [OutputCache]
    [InlineData("/minimal/cached/output-cache/7")] // minimal API, .CacheOutput()
    public async Task Get_JsonAndPackClientsAlternate_EachGetsItsOwnFormat(string uri)
    {
        await using var host = await CachingTestHost.StartAsync();
        using var client = host.CreateClient();

        for (var round = 0; round < 3; round++)
        {
            foreach (var accept in new[] { PackMediaTypes.Pack, "application/json", "text/html,application/xhtml+xml,*/*;q=0.8" })
            {
                using var response = await client.SendAsync(PackHttp.Get(uri, accept));

                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                if (accept == PackMediaTypes.Pack)
                {
                    PackHttp.AssertSame(SampleData.Organization(7), await PackHttp.ReadPackAsync<Organization>(response));
                }
                else
                {
                    Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
                    var json = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
                    Assert.Equal(7, json.GetProperty("id").GetInt32());
                }

                Assert.Contains(response.Headers.Vary, vary => vary.Equals("Accept", StringComparison.OrdinalIgnoreCase));
            }
        }
    }

    [Fact]
    public async Task Get_ResponseCacheVaryingOnAcceptEncoding_CachesPerFormat()
    {
        // The cache does answer (a second Pack request is not recomputed), so the test above is about the cache's key.
        await using var host = await CachingTestHost.StartAsync();
        using var client = host.CreateClient();

        using var first = await client.SendAsync(PackHttp.Get("/api/cached/response-cache/8"));
        using var second = await client.SendAsync(PackHttp.Get("/api/cached/response-cache/8"));

        Assert.Null(first.Headers.Age);
        Assert.NotNull(second.Headers.Age);
    }
}
