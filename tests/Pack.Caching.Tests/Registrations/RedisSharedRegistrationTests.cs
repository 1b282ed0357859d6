using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Caching.Tests.Contracts;
using Pack.Schema;

namespace Pack.Caching.Tests;

/// <summary>
/// Shared request-schema registrations (docs/schema.md §5.2) over a real redis-server: two replicas (two Kestrel apps
/// reading <see cref="OrderV1"/>) with <see cref="PackFormatterOptions.ShareClientSchemaRegistrations"/> and
/// Microsoft's Redis <c>IDistributedCache</c> under one instance name. A client registered with one replica is read by
/// the other, behind a round-robin proxy as in docker-compose's rolling profile.
/// </summary>
public sealed class RedisSharedRegistrationTests : IClassFixture<RedisServer>
{
    private const string Orders = "/orders";

    private readonly RedisServer _redis;

    public RedisSharedRegistrationTests(RedisServer redis)
    {
        _redis = redis;
        _redis.Require();
    }

    [Fact]
    public async Task Post_RegisteredWithOneReplica_AppendedReadAndRetypedRefusedByTheOther()
    {
        string instance = "pack-tests-" + Guid.NewGuid().ToString("n") + ":";
        await using var first = await StartReplicaAsync(instance);
        await using var second = await StartReplicaAsync(instance);
        using var http = new HttpClient();

        using var registered = await http.PostAsync(first.Url + PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Registration(typeof(OrderV2), typeof(OrderRetyped)));
        using var appended = await http.SendAsync(Post(second.Url, new OrderV2 { Id = 7, Customer = "Ada", Total = 2m }));
        using var retyped = await http.SendAsync(Post(second.Url, new OrderRetyped { Id = 7, Customer = "Ada" }));

        Assert.Equal(HttpStatusCode.OK, registered.StatusCode);
        Assert.Equal(HttpStatusCode.OK, appended.StatusCode);
        Assert.Equal("7|Ada", await appended.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.Conflict, retyped.StatusCode);
        Assert.Contains(PackSchemaRules.MemberRetyped, await retyped.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Post_OtherInstanceName_IsNotShared()
    {
        await using var first = await StartReplicaAsync("pack-tests-" + Guid.NewGuid().ToString("n") + ":");
        await using var second = await StartReplicaAsync("pack-tests-" + Guid.NewGuid().ToString("n") + ":");
        using var http = new HttpClient();

        using var registered = await http.PostAsync(first.Url + PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Registration(typeof(OrderV2)));
        using var appended = await http.SendAsync(Post(second.Url, new OrderV2 { Id = 7, Customer = "Ada", Total = 2m }));

        Assert.Equal(HttpStatusCode.OK, registered.StatusCode);
        Assert.Equal(HttpStatusCode.PreconditionFailed, appended.StatusCode);
    }

    private static StringContent Registration(params Type[] types)
    {
        var content = new StringContent(new PackSchemaSet(types.Select(PackSchema.For)).ToJsonString(), Encoding.UTF8);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return content;
    }

    private static HttpRequestMessage Post<T>(string url, T value)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, url + Orders) { Content = new ByteArrayContent(PackSerializer.Serialize(value)) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        request.Headers.TryAddWithoutValidation(PackSchema.HeaderName, PackSchema.For(typeof(T)).WireFingerprint);
        return request;
    }

    private async Task<Replica> StartReplicaAsync(string instance)
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddPack(options => options.ShareClientSchemaRegistrations = true);
        builder.Services.AddStackExchangeRedisCache(options =>
        {
            options.ConfigurationOptions = _redis.ClientOptions();
            options.InstanceName = instance;
        });
        var app = builder.Build();
        app.MapPost(Orders, (PackBody<OrderV1> order) => Results.Text($"{order.Value.Id}|{order.Value.Customer}"));
        app.MapPackSchema();
        await app.StartAsync();
        return new Replica(app, app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single());
    }

    private sealed class Replica(WebApplication app, string url) : IAsyncDisposable
    {
        public string Url => url;

        public async ValueTask DisposeAsync()
        {
            await app.StopAsync();
            await app.DisposeAsync();
        }
    }
}
