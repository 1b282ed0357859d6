using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Refit.Tests;

/// <summary>AddPackLogging() on a Refit client: its Pack bodies logged decoded, against real Kestrel.</summary>
public sealed class PackLoggingRefitTests
{
    [Fact]
    public async Task AddPackLogging_OnRefitClient_LogsRequestAndResponseDecodedAndRedacted()
    {
        await using TestServerHost host = await TestServerHost.StartAsync(ServerKind.PackControllers);
        var lines = new ConcurrentQueue<string>();
        await using var client = RefitTestClient<IItemsApi>.Create(host, services =>
        {
            services.AddLogging(logging => logging.AddProvider(new QueueLoggerProvider(lines)).SetMinimumLevel(LogLevel.Information));
            return services.AddPackRefitClient<IItemsApi>().AddPackLogging(options => options.RedactedMembers.Add(nameof(Item.Name)));
        });

        Item created = await client.Api.CreateAsync(new Item { Name = "secret-name", Price = 1.5, Tags = ["a"] });

        Assert.Equal("secret-name", created.Name);
        string request = Assert.Single(lines, line => line.StartsWith("Request body: ", StringComparison.Ordinal));
        string response = Assert.Single(lines, line => line.StartsWith("Response body: ", StringComparison.Ordinal));
        // Price is an f64: the §14 mapping writes its bits (1.5 = 3ff8000000000000).
        Assert.Equal("Request body: {\"Id\":0,\"Name\":\"[Redacted]\",\"Price\":\"3ff8000000000000\",\"Tags\":[\"a\"]}", request);
        Assert.StartsWith("Response body: {\"Id\":", response);
        Assert.Contains("\"Name\":\"[Redacted]\"", response, StringComparison.Ordinal);
        Assert.DoesNotContain(lines, line => line.Contains("secret-name", StringComparison.Ordinal));
    }

    private sealed class QueueLoggerProvider(ConcurrentQueue<string> lines) : ILoggerProvider
    {
        public ILogger CreateLogger(string categoryName) => new Logger(lines);

        public void Dispose()
        {
        }

        private sealed class Logger(ConcurrentQueue<string> lines) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state)
                where TState : notnull => null;

            public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
            {
                if (IsEnabled(logLevel))
                {
                    lines.Enqueue(formatter(state, exception));
                }
            }
        }
    }
}
