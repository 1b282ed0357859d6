using System.Net;
using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Pack.Client;
using Pack.Docs.Tests.Snippets;

namespace Pack.Docs.Tests;

public record Forecast(DateOnly Date, int TemperatureC, string? Summary);

[ApiController]
[Route("api/forecasts")]
public class ForecastsController : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<Forecast> Get(int id) => id == 404 ? NotFound() : new Forecast(new DateOnly(2026, 11, 22), id, "Mild");
}

/// <summary>
/// The README's server, minimal-API and client quick starts, read from README.md and compiled at test time, run end to
/// end on real Kestrel at 127.0.0.1: the server snippet configures the app, the minimal-API snippet maps its endpoints
/// and the client snippet calls them.
/// </summary>
public class ReadmeQuickStartTests
{
    [Fact]
    public async Task QuickStart_ServerAndClient_SpeakPackEndToEnd()
    {
        var server = Load("quickstart-server");
        var minimalApi = Load("quickstart-minimal-api");
        var client = Load("quickstart-client");

        var builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddControllers().AddApplicationPart(typeof(ForecastsController).Assembly);
        Run(server, builder);

        await using var app = builder.Build();
        var served = new List<string>();
        app.Use(async (context, next) =>
        {
            await next(context);
            lock (served)
            {
                served.Add($"{context.Request.Method} {context.Request.Path} {context.Response.StatusCode} {context.Response.ContentType}");
            }
        });
        app.MapControllers();
        Run(minimalApi, app);

        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using var http = new HttpClient { BaseAddress = new Uri(address) };
        var cancellationToken = new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token;

        await (Task)Run(client, http, cancellationToken)!;

        Assert.Equal(
            ["GET /forecasts/today 200 application/x-pack", "POST /forecasts 201 application/x-pack", "GET /forecasts/upcoming 200 application/x-pack-stream"],
            served);
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

    private static Assembly Load(string context)
    {
        var snippets = MarkdownSnippets.All.Where(s => s.File == "README.md" && s.Context == context).ToList();
        Assert.True(snippets.Count == 1, $"README.md should have exactly one block marked 'context={context}', found {snippets.Count}.");
        return SnippetCompiler.CompileAndLoad(snippets[0]);
    }

    private static object? Run(Assembly snippet, params object[] arguments)
        => snippet.GetType("Snippet", throwOnError: true)!.GetMethod("Run", BindingFlags.Public | BindingFlags.Static)!.Invoke(null, arguments);
}
