using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Samples.WebApi;

namespace Pack.TypeScript.Tests;

/// <summary>
/// The sample API's web page (samples/WebApi/wwwroot, built on the TypeScript client and the generated contracts) in
/// Chromium against the real sample API on Kestrel (127.0.0.1, a free port): orders over Pack and JSON, a validation
/// error with field errors, a created order, a live stream and its cancellation. Saves a screenshot under
/// artifacts/typescript.
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

        var run = await Task.Run(() => TypeScriptToolchain.Node($"scripts/run-page-test.mjs {address}/ {screenshot}", TimeSpan.FromMinutes(3)));

        await app.StopAsync();
        Assert.True(run.ExitCode == 0, run.Describe());
        Assert.Contains("page test passed", run.Output, StringComparison.Ordinal);
        Assert.True(File.Exists(screenshot), screenshot);
    }
}
