using OpenTelemetry.Metrics;
using Pack.AspNetCore;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Operations;

/// <summary>
/// OpenTelemetry metrics (Pack's meter beside ASP.NET Core's and Kestrel's, scraped at <c>/metrics</c> in Prometheus
/// format) and Pack deadlines (<c>Pack-Timeout</c>), with a slow endpoint that shows a deadline stopping work.
/// </summary>
public static class SampleOperations
{
    /// <summary>The deadline a client may ask for at most.</summary>
    public static readonly TimeSpan MaxDeadline = TimeSpan.FromSeconds(30);

    public static void AddOperations(this WebApplicationBuilder builder)
    {
        builder.Services.AddOpenTelemetry().WithMetrics(metrics => metrics
            .AddMeter(PackServerMeter.Name, "Microsoft.AspNetCore.Hosting", "Microsoft.AspNetCore.Server.Kestrel")
            .AddPrometheusExporter());
        builder.Services.AddPackDeadlines(options => options.MaxTimeout = MaxDeadline);
    }

    public static void UseOperations(this WebApplication app)
    {
        app.UsePackDeadlines();
        app.MapPrometheusScrapingEndpoint("/metrics");

        // Takes delayMs unless the request's deadline (Pack-Timeout) expires first; then RequestAborted fires and the
        // client gets a 504 problem with Pack-Timeout-Expired.
        app.MapGet("/minimal/slow", async (int delayMs, HttpContext http) =>
        {
            await Task.Delay(TimeSpan.FromMilliseconds(delayMs), http.RequestAborted);
            return PackResults.Ok(new Member { Id = delayMs, Name = "finished in time" });
        })
            .WithTags("Operations")
            .WithName("Slow");
    }
}
