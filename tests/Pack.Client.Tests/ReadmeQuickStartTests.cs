using System.Net;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore;

namespace Pack.Client.Tests;

public record Forecast(DateOnly Date, int TemperatureC, string? Summary);

[ApiController]
[Route("api/forecasts")]
public class ForecastsController : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<Forecast> Get(int id) => id == 404 ? NotFound() : new Forecast(new DateOnly(2026, 11, 22), id, "Mild");
}

/// <summary>
/// The README's server and client quick starts, verbatim between the "README" markers, run end to end on real
/// Kestrel at 127.0.0.1, so the snippets keep compiling and stay true.
/// </summary>
public class ReadmeQuickStartTests
{
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
    public async Task QuickStart_ServerAndClient_SpeakPackEndToEnd()
    {
        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddControllers().AddApplicationPart(typeof(ForecastsController).Assembly);

        // README: server
        builder.Services.AddControllers().AddPackFormatters();
        // end README

        await using var app = builder.Build();
        app.MapControllers();

        // README: minimal APIs
        app.MapGet("/forecasts/today", () => PackResults.Ok(new Forecast(DateOnly.FromDateTime(DateTime.UtcNow), 21, "Sunny")));
        app.MapPost("/forecasts", (PackBody<NewForecast> body) =>
            PackResults.Created($"/forecasts/{body.Value.Date}", new Forecast(body.Value.Date, body.Value.TemperatureC, null)));
        app.MapGet("/forecasts/upcoming", (int days) => PackResults.Ok(Upcoming(days)));
        // end README

        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using var http = new HttpClient { BaseAddress = new Uri(address) };
        var cancellationToken = new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token;

        // README: client
        Forecast? today = await http.GetFromPackAsync<Forecast>("forecasts/today", cancellationToken);
        Forecast? created = await http.PostAsPackAsync<NewForecast, Forecast>("forecasts", new NewForecast { Date = new DateOnly(2026, 12, 1), TemperatureC = 3 }, cancellationToken);
        await foreach (Forecast? forecast in http.GetFromPackAsAsyncEnumerable<Forecast>("forecasts/upcoming?days=3", cancellationToken))
        {
            Console.WriteLine(forecast);
        }
        // end README

        Assert.Equal(21, today!.TemperatureC);
        Assert.Equal(new Forecast(new DateOnly(2026, 12, 1), 3, null), created);
        var upcoming = new List<Forecast?>();
        await foreach (var forecast in http.GetFromPackAsAsyncEnumerable<Forecast>("forecasts/upcoming?days=3", cancellationToken))
        {
            upcoming.Add(forecast);
        }

        Assert.Equal([10, 11, 12], upcoming.Select(f => f!.TemperatureC));

        using var packResponse = await http.SendAsync(new HttpRequestMessage(HttpMethod.Get, "api/forecasts/5") { Headers = { { "Accept", "application/x-pack" } } }, cancellationToken);
        using var browserResponse = await http.GetAsync("api/forecasts/5", cancellationToken);
        Assert.Equal("application/x-pack", packResponse.Content.Headers.ContentType?.MediaType);
        Assert.Equal("application/json", browserResponse.Content.Headers.ContentType?.MediaType);
        var missing = await Assert.ThrowsAsync<PackApiException>(() => http.GetFromPackAsync<Forecast>("api/forecasts/404", cancellationToken));
        Assert.Equal(HttpStatusCode.NotFound, missing.StatusCode);

        await app.StopAsync(cancellationToken);
    }
}
