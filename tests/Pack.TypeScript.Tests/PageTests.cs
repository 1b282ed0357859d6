extern alias tool;

using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using System.Text.Json.Nodes;
using Microsoft.Extensions.Logging;
using Pack.Samples.WebApi;
using Pack.Schema;
using tool::Pack.Tool;

namespace Pack.TypeScript.Tests;

/// <summary>
/// The sample API's web page (samples/WebApi/wwwroot, built on the TypeScript client and the generated contracts) in
/// Chromium against the real sample API on Kestrel (127.0.0.1, a free port): orders over Pack and JSON, a validation
/// error with field errors, a created order, a live stream and its cancellation, the traffic panel fed by the client's
/// observer. Records a HAR of the page's calls (playwright's recordHar) that <c>pack inspect --har</c> then decodes,
/// every Pack exchange of it. Saves a screenshot under artifacts/typescript.
/// </summary>
public sealed class PageTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    [Fact]
    public async Task SamplePage_InChromiumAgainstKestrel_ListsCreatesValidatesStreamsAndCancels()
    {
        toolchain.RequireBuild();
        toolchain.RequireChromium();
        var contentRoot = Path.Combine(RepositoryPaths.Root, "samples", "WebApi");
        await using WebApplication app = SampleApp.BuildApp(
            ["--urls", "http://127.0.0.1:0", "--contentRoot", contentRoot],
            builder => builder.Logging.ClearProviders());
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        var screenshot = Path.Combine(RepositoryPaths.Root, "artifacts", "typescript", "sample-page.png");
        var harDirectory = Path.Combine(RepositoryPaths.Root, "artifacts", "typescript", "sample-page-har");
        if (Directory.Exists(harDirectory))
        {
            Directory.Delete(harDirectory, recursive: true);
        }

        Directory.CreateDirectory(harDirectory);
        var har = Path.Combine(harDirectory, "sample-page.har");

        var run = await Task.Run(() => TypeScriptToolchain.Node($"scripts/run-page-test.mjs {address}/ {screenshot} {har}", TimeSpan.FromMinutes(3)));
        Assert.True(run.ExitCode == 0, run.Describe());
        using var output = new StringWriter();
        using var error = new StringWriter();
        int exit = await PackTool.RunAsync(["inspect", "--har", har, "--schema", address + PackSchema.DefaultEndpointPath, "--json"], output, error);

        await app.StopAsync();
        Assert.Contains("page test passed", run.Output, StringComparison.Ordinal);
        Assert.True(File.Exists(screenshot), screenshot);
        AssertEveryPackExchangeDecoded(exit, output.ToString(), error.ToString());
    }

    private static void AssertEveryPackExchangeDecoded(int exit, string output, string error)
    {
        Assert.True(exit is 0 or 1, $"pack inspect --har: exit {exit}\n{error}\n{output}");
        var exchanges = JsonNode.Parse(output)!["exchanges"]!.AsArray().Select(e => e!.AsObject()).ToList();
        string report = output.Length > 4000 ? output[..4000] : output;

        // The page's calls: the order list (a Pack response), the created order (a Pack request and response), the
        // rejected order (a Pack request answered with problem+json), the live stream (Pack stream items).
        Assert.Contains(exchanges, e => e["direction"]!.GetValue<string>() == "response" && e["method"]!.GetValue<string>() == "GET"
            && e["value"] is JsonArray { Count: >= 3 });
        Assert.Contains(exchanges, e => e["direction"]!.GetValue<string>() == "request" && e["value"]?["Customer"]?.GetValue<string>() == "Grace Hopper");
        Assert.Contains(exchanges, e => e["direction"]!.GetValue<string>() == "response" && e["status"]!.GetValue<int>() == 201
            && e["value"]?["Customer"]?.GetValue<string>() == "Grace Hopper");
        // The live stream the page cancelled has no body in a HAR (playwright records a body once it is complete);
        // the script's finished stream of three members has.
        var streams = exchanges.Where(e => e["mediaType"]!.GetValue<string>() == "application/x-pack-stream").ToList();
        Assert.Contains(streams, e => e["outcome"]?.GetValue<string>() == "end" && e["items"] is JsonArray { Count: 3 });
        foreach (var exchange in exchanges)
        {
            bool cancelled = exchange["url"]!.GetValue<string>().Contains("count=1000", StringComparison.Ordinal);
            if (cancelled)
            {
                Assert.StartsWith("the HAR holds no body", exchange["problem"]?.GetValue<string>() ?? "the HAR holds no body", StringComparison.Ordinal);
                continue;
            }

            Assert.True(exchange["problem"] is null && exchange["malformed"] is null, report);
        }
    }
}
