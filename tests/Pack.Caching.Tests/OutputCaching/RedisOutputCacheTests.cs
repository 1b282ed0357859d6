using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Caching.Tests.Contracts;

namespace Pack.Caching.Tests;

/// <summary>
/// ASP.NET Core's output cache with Microsoft's Redis store (a real redis-server) in front of an endpoint that negotiates
/// JSON and Pack: Pack.AspNetCore's base policy keys entries by <c>Accept</c>, and <c>?format=pack</c> is a query value,
/// so each format is cached on its own and JSON, Pack and <c>?format=pack</c> clients alternating on one URL each get
/// their own format with <c>Vary</c> and <c>Pack-Schema</c> intact, from one run of the endpoint per format.
/// </summary>
public sealed class RedisOutputCacheTests : IClassFixture<RedisServer>
{
    private readonly RedisServer _redis;

    public RedisOutputCacheTests(RedisServer redis)
    {
        _redis = redis;
        _redis.Require();
    }

    [Fact]
    public async Task Get_JsonAndPackClientsAlternateOnOneUrl_EachFormatCachedSeparatelyInRedis()
    {
        int runs = 0;
        string instance = "pack-tests-" + Guid.NewGuid().ToString("n") + ":";
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack();
        builder.Services.AddOutputCache();
        builder.Services.AddStackExchangeRedisOutputCache(options =>
        {
            options.ConfigurationOptions = _redis.ClientOptions(2000);
            options.InstanceName = instance;
        });
        await using var app = builder.Build();
        app.UseOutputCache();
        app.MapGet("/orders/{id:int}", (int id) =>
        {
            Interlocked.Increment(ref runs);
            return PackResults.Ok(new OrderV2 { Id = id, Customer = "Ada", Total = 9.5m });
        }).CacheOutput(policy => policy.Expire(TimeSpan.FromMinutes(1)));
        await app.StartAsync();
        using var http = new HttpClient { BaseAddress = new Uri(app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single()) };
        string packFingerprint = Pack.Schema.PackSchema.For(typeof(OrderV2)).WireFingerprint;

        for (int round = 0; round < 3; round++)
        {
            foreach (var (uri, accept, pack) in new[] { ("/orders/7", PackMediaTypes.Pack, true), ("/orders/7", "application/json", false), ("/orders/7?format=pack", "text/html,*/*;q=0.8", true), ("/orders/7", "text/html,*/*;q=0.8", false) })
            {
                using var request = new HttpRequestMessage(HttpMethod.Get, uri);
                request.Headers.Accept.ParseAdd(accept);
                using var response = await http.SendAsync(request);
                byte[] body = await response.Content.ReadAsByteArrayAsync();

                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                Assert.Contains(response.Headers.Vary, vary => vary.Equals("Accept", StringComparison.OrdinalIgnoreCase));
                if (pack)
                {
                    Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
                    Assert.Equal(packFingerprint, Assert.Single(response.Headers.GetValues(Pack.Schema.PackSchema.HeaderName)));
                    var order = PackSerializer.Deserialize<OrderV2>(body)!;
                    Assert.Equal((7, "Ada", 9.5m), (order.Id, order.Customer, order.Total));
                }
                else
                {
                    Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
                    Assert.False(response.Headers.Contains(Pack.Schema.PackSchema.HeaderName));
                    Assert.Contains("\"customer\":\"Ada\"", System.Text.Encoding.UTF8.GetString(body), StringComparison.Ordinal);
                }
            }
        }

        // One run per distinct cache key (Accept x query): the other eight answers came from Redis.
        Assert.Equal(4, runs);
        using var redis = await StackExchange.Redis.ConnectionMultiplexer.ConnectAsync(_redis.ClientOptions(5000));
        Assert.True(redis.GetServer(_redis.Endpoint).Keys(pattern: instance + "*").Count() >= 4, "the cached responses are not in Redis");
        await app.StopAsync();
    }
}
