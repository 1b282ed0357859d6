using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>
/// The README's Refit quick start: the interface and types verbatim, the calls run against the README's minimal APIs on
/// Kestrel at 127.0.0.1 (only the base address differs).
/// </summary>
public sealed class ReadmeRefitQuickStartTests
{
    public interface IForecastsApi
    {
        [Get("/forecasts/today")]
        Task<Forecast> GetTodayAsync(CancellationToken cancellationToken = default);

        [Post("/forecasts")]
        Task<Forecast> CreateAsync([Body] NewForecast forecast, CancellationToken cancellationToken = default);

        [Get("/forecasts/upcoming")]
        IAsyncEnumerable<Forecast> GetUpcomingAsync(int days, CancellationToken cancellationToken = default);
    }

    public record Forecast(DateOnly Date, int TemperatureC, string? Summary);

    public class NewForecast
    {
        public DateOnly Date { get; set; }
        public int TemperatureC { get; set; }
    }

    private static async IAsyncEnumerable<Forecast> Upcoming(int days, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < days; i++)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return new Forecast(new DateOnly(2026, 11, 22).AddDays(i), 10 + i, null);
        }
    }

    [Fact]
    public async Task QuickStart_RefitClient_SpeaksPackEndToEnd()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using WebApplication app = builder.Build();
        app.MapGet("/forecasts/today", () => PackResults.Ok(new Forecast(new DateOnly(2026, 11, 22), 21, "Sunny")));
        app.MapPost("/forecasts", (PackBody<NewForecast> body) =>
            PackResults.Created($"/forecasts/{body.Value.Date}", new Forecast(body.Value.Date, body.Value.TemperatureC, null)));
        app.MapGet("/forecasts/upcoming", (int days) => PackResults.Ok(Upcoming(days)));
        await app.StartAsync();
        var baseAddress = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single());

        var services = new ServiceCollection();
        services.AddPackRefitClient<IForecastsApi>(client => client.BaseAddress = baseAddress);

        await using ServiceProvider provider = services.BuildServiceProvider();
        IForecastsApi api = provider.GetRequiredService<IForecastsApi>();

        Forecast today = await api.GetTodayAsync();
        Forecast created = await api.CreateAsync(new NewForecast { Date = new DateOnly(2026, 12, 1), TemperatureC = 3 });
        List<int> upcoming = [];
        await foreach (Forecast forecast in api.GetUpcomingAsync(days: 3))
        {
            upcoming.Add(forecast.TemperatureC);
        }

        Assert.Equal(new Forecast(new DateOnly(2026, 11, 22), 21, "Sunny"), today);
        Assert.Equal(new Forecast(new DateOnly(2026, 12, 1), 3, null), created);
        Assert.Equal([10, 11, 12], upcoming);
        await app.StopAsync();
    }
}
