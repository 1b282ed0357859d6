using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client;
using Pack.Client.Tests.Infrastructure;
using Refit;

namespace Pack.Refit.Tests;

public sealed class RegistrationTests
{
    [Fact]
    public async Task AddPackNegotiation_OnRefitClientWithJsonSerializer_FailsAtFirstUseSayingWhatToDo()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(host, services => services.AddRefitGeneratedClient<IItemsApi>().AddPackNegotiation());

        Exception ex = await Assert.ThrowsAnyAsync<Exception>(() => client.Api.GetAsync(1));

        InvalidOperationException cause = FindInChain<InvalidOperationException>(ex);
        Assert.Contains("AddPackRefitClient<TApi>()", cause.Message, StringComparison.Ordinal);
        Assert.Contains("remove AddPackNegotiation()", cause.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AddPackNegotiation_AfterAddPackRefitClient_IsHarmless()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        await using var client = RefitTestClient<IItemsApi>.Create(
            host,
            services => services.AddPackRefitClient<IItemsApi>().AddPackNegotiation());

        IApiResponse<Item> response = await client.Api.GetResponseAsync(3);

        Assert.Equal(PackMediaTypes.Pack, response.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal("item-3", response.Content?.Name);
    }

    [Fact]
    public async Task AddPackRefitClient_ComposesWithAddHttpMessageHandlerAndSettings()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        var recorder = new RecordingHandler();
        bool factoryCalled = false;
        await using var client = RefitTestClient<IItemsApi>.Create(
            host,
            services => services
                .AddPackRefitClient<IItemsApi>(configureSettings: settings =>
                {
                    var defaultFactory = new DefaultApiExceptionFactory(settings);
                    settings.ExceptionFactory = response =>
                    {
                        factoryCalled = true;
                        return defaultFactory.CreateAsync(response);
                    };
                })
                .AddHttpMessageHandler(() => recorder));

        Item item = await client.Api.GetAsync(9);

        Assert.Equal("item-9", item.Name);
        Assert.True(factoryCalled);
        Assert.Equal("application/x-pack, application/json;q=0.9", recorder.Accept);
        Assert.Equal(PackMediaTypes.Pack, recorder.ResponseMediaType);
    }

    [Fact]
    public async Task RestServiceFor_WithPackRefitHandler_ReadsPackAndStreams()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        using var http = new HttpClient(new PackRefitHandler { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = host.BaseAddress };
        IItemsApi api = RestService.For<IItemsApi>(http, new RefitSettings { ContentSerializer = new PackContentSerializer() });

        IApiResponse<Item> response = await api.GetResponseAsync(5);
        List<int> ids = [];
        await foreach (Item item in api.StreamAsync(3))
        {
            ids.Add(item.Id);
        }

        Assert.Equal(PackMediaTypes.Pack, response.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal("item-5", response.Content?.Name);
        Assert.Equal([1, 2, 3], ids);
    }

    [Fact]
    public async Task RestServiceFor_WithPackNegotiationHandler_ReadsPack()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        using HttpClient http = host.CreateNegotiatingClient();
        IItemsApi api = RestService.For<IItemsApi>(http, new RefitSettings { ContentSerializer = new PackContentSerializer() });

        IApiResponse<Item> response = await api.GetResponseAsync(6);
        Item created = await api.CreateAsync(new Item { Name = "c" });

        Assert.Equal(PackMediaTypes.Pack, response.ContentHeaders?.ContentType?.MediaType);
        Assert.Equal("item-6", response.Content?.Name);
        Assert.Equal("c", created.Name);
    }

    [Fact]
    public async Task AddPackRefitClient_Http2OnlyServer_UsesH2c()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel(k => k.Listen(IPAddress.Loopback, 0, o => o.Protocols = HttpProtocols.Http2));
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<ServerProbe>();
        builder.Services.AddControllers().AddApplicationPart(typeof(ItemsController).Assembly).AddPackFormatters();
        await using WebApplication app = builder.Build();
        app.MapControllers();
        app.MapGet("/protocol", (Microsoft.AspNetCore.Http.HttpContext context) => context.Request.Protocol);
        await app.StartAsync();
        var baseAddress = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single() + "/");

        var services = new ServiceCollection();
        var recorder = new RecordingHandler();
        services.AddPackRefitClient<IItemsApi>(
                client => client.BaseAddress = baseAddress,
                settings =>
                {
                    settings.Version = HttpVersion.Version20;
                    settings.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
                })
            .AddHttpMessageHandler(() => recorder);
        await using ServiceProvider provider = services.BuildServiceProvider();
        IItemsApi api = provider.GetRequiredService<IItemsApi>();

        Item item = await api.GetAsync(2);
        List<int> ids = [];
        await foreach (Item streamed in api.StreamAsync(3))
        {
            ids.Add(streamed.Id);
        }

        Assert.Equal("item-2", item.Name);
        Assert.Equal([1, 2, 3], ids);
        Assert.Equal(HttpVersion.Version20, recorder.ResponseVersion);
        Assert.Equal(PackMediaTypes.PackStream, recorder.ResponseMediaType);
        await app.StopAsync();
    }

    private static T FindInChain<T>(Exception ex)
        where T : Exception
    {
        for (Exception? current = ex; current is not null; current = current.InnerException)
        {
            if (current is T match)
            {
                return match;
            }
        }

        throw new Xunit.Sdk.XunitException($"No {typeof(T).Name} in the exception chain: {ex}");
    }

    private sealed class RecordingHandler : DelegatingHandler
    {
        public string? Accept { get; private set; }

        public string? ResponseMediaType { get; private set; }

        public Version? ResponseVersion { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Accept = request.Headers.Accept.ToString();
            HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
            ResponseMediaType = response.Content.Headers.ContentType?.MediaType;
            ResponseVersion = response.Version;
            return response;
        }
    }
}
