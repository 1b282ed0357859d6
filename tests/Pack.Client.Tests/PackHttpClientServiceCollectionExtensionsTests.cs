using Microsoft.Extensions.DependencyInjection;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests;

public sealed class PackHttpClientServiceCollectionExtensionsTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Fact]
    public async Task AddPackHttpClient_TypedClient_ReceivesPack()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        var services = new ServiceCollection();
        services.AddPackHttpClient<ItemsClient>(client => client.BaseAddress = host.BaseAddress);
        await using ServiceProvider provider = services.BuildServiceProvider();

        var itemsClient = provider.GetRequiredService<ItemsClient>();
        (string? mediaType, Item? item) = await itemsClient.GetAsync(11, Timeout);

        Assert.Equal(PackMediaTypes.Pack, mediaType);
        Assert.Equal(11, item?.Id);
    }

    [Fact]
    public async Task AddPackHttpClient_InterfaceAndImplementation_ReceivesPack()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        var services = new ServiceCollection();
        services.AddPackHttpClient<IItemsClient, ItemsClient>(client => client.BaseAddress = host.BaseAddress);
        await using ServiceProvider provider = services.BuildServiceProvider();

        (string? mediaType, Item? item) = await provider.GetRequiredService<IItemsClient>().GetAsync(12, Timeout);

        Assert.Equal(PackMediaTypes.Pack, mediaType);
        Assert.Equal(12, item?.Id);
    }

    [Fact]
    public async Task AddPackHttpClient_Named_ChainsConfigureHttpClient()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        var services = new ServiceCollection();
        services.AddPackHttpClient("items")
            .ConfigureHttpClient(client => client.BaseAddress = host.BaseAddress);
        await using ServiceProvider provider = services.BuildServiceProvider();

        using HttpClient client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("items");
        using HttpResponseMessage response = await client.GetAsync("items/13", Timeout);

        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(13, (await response.Content.ReadFromPackAsync<Item>(Timeout))?.Id);
    }

    [Fact]
    public async Task AddPackNegotiation_ExistingBuilder_AddsHandler()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        var services = new ServiceCollection();
        services.AddHttpClient("plain", client => client.BaseAddress = host.BaseAddress).AddPackNegotiation();
        await using ServiceProvider provider = services.BuildServiceProvider();

        using HttpClient client = provider.GetRequiredService<IHttpClientFactory>().CreateClient("plain");
        using HttpResponseMessage response = await client.GetAsync("items/14", Timeout);

        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
    }

    public interface IItemsClient
    {
        Task<(string? MediaType, Item? Item)> GetAsync(int id, CancellationToken cancellationToken);
    }

    /// <summary>A typed client as users write them: plain HttpClient calls, no Pack-specific request code.</summary>
    public sealed class ItemsClient(HttpClient client) : IItemsClient
    {
        public async Task<(string? MediaType, Item? Item)> GetAsync(int id, CancellationToken cancellationToken)
        {
            using HttpResponseMessage response = await client.GetAsync($"items/{id}", cancellationToken);
            await response.EnsureSuccessStatusCodeAsync(cancellationToken);
            return (response.Content.Headers.ContentType?.MediaType, await response.Content.ReadFromPackAsync<Item>(cancellationToken));
        }
    }
}
