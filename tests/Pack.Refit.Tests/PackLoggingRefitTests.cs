using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.Logging;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Refit.Tests;

/// <summary>AddPackLogging() on a Refit client: its Pack bodies logged decoded, against real Kestrel.</summary>
public sealed class PackLoggingRefitTests
{
    [Fact]
    public async Task AddPackLogging_OnRefitClient_LogsRequestAndResponseDecodedAndRedacted()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        var log = new LineLog();
        await using var client = RefitTestClient<IItemsApi>.Create(host, services =>
        {
            services.AddLogging(logging => logging.AddProvider(log).SetMinimumLevel(LogLevel.Information));
            return services.AddPackRefitClient<IItemsApi>().AddPackLogging(options => options.RedactedMembers.Add(nameof(Item.Name)));
        });

        Item created = await client.Api.CreateAsync(new Item { Name = "secret-name", Price = 1.5, Tags = ["a"] });

        Assert.Equal("secret-name", created.Name);
        string request = log.Single("Request body: ");
        string response = log.Single("Response body: ");
        // Price is an f64: the §14 mapping writes its bits (1.5 = 3ff8000000000000).
        Assert.Equal("Request body: {\"Id\":0,\"Name\":\"[Redacted]\",\"Price\":\"3ff8000000000000\",\"Tags\":[\"a\"]}", request);
        Assert.StartsWith("Response body: {\"Id\":", response);
        Assert.Contains("\"Name\":\"[Redacted]\"", response, StringComparison.Ordinal);
        Assert.DoesNotContain(log.Lines, line => line.Contains("secret-name", StringComparison.Ordinal));
    }
}
