using Microsoft.Extensions.DependencyInjection;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Refit.Tests;

/// <summary>A DI container holding one Refit client for a test server, disposed by the test.</summary>
public sealed class RefitTestClient<TApi> : IAsyncDisposable
    where TApi : class
{
    private readonly ServiceProvider _provider;

    private RefitTestClient(ServiceProvider provider) => _provider = provider;

    public TApi Api => _provider.GetRequiredService<TApi>();

    public static RefitTestClient<TApi> Create(TestServerHost host, Func<IServiceCollection, IHttpClientBuilder>? register = null)
    {
        var services = new ServiceCollection();
        IHttpClientBuilder builder = register is null
            ? services.AddPackRefitClient<TApi>(client => client.BaseAddress = host.BaseAddress)
            : register(services).ConfigureHttpClient(client => client.BaseAddress = host.BaseAddress);

        // A drain longer than every test timeout: "the server saw RequestAborted" then proves the client closed the connection.
        builder.ConfigurePrimaryHttpMessageHandler(static () => new SocketsHttpHandler { ResponseDrainTimeout = TimeSpan.FromMinutes(10) });
        return new RefitTestClient<TApi>(services.BuildServiceProvider());
    }

    public ValueTask DisposeAsync() => _provider.DisposeAsync();
}
