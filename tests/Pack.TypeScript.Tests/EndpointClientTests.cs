using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Samples.WebApi;

namespace Pack.TypeScript.Tests;

/// <summary>
/// The typed client generated from the sample API's served schema (docs/schema.md §5.3;
/// clients/typescript/test/endpoints) in Node against the real sample API on Kestrel (127.0.0.1, a free port): route
/// and query parameters, value and streamed bodies, streamed responses, problem+json errors and a deadline.
/// </summary>
public sealed partial class EndpointClientTests(TypeScriptToolchain toolchain) : IClassFixture<TypeScriptToolchain>
{
    [Fact]
    public async Task NodeTest_GeneratedEndpointsAgainstTheSampleApi_Pass()
    {
        toolchain.RequireBuild();
        await using WebApplication app = SampleApp.BuildApp(["--urls", "http://127.0.0.1:0"], builder => builder.Logging.ClearProviders());
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();

        var run = await Task.Run(() => TypeScriptToolchain.Node(
            "--test --test-reporter=tap test/endpoints/",
            TimeSpan.FromMinutes(3),
            new Dictionary<string, string> { ["PACK_SAMPLE_API"] = address + "/" }));

        await app.StopAsync();
        Assert.True(run.ExitCode == 0, run.Describe());
        Assert.Matches(FailZero(), run.Output);
        var pass = PassCount().Match(run.Output);
        Assert.True(pass.Success && int.Parse(pass.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) >= 8, run.Output);
    }

    [System.Text.RegularExpressions.GeneratedRegex(@"^# fail 0$", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex FailZero();

    [System.Text.RegularExpressions.GeneratedRegex(@"^# pass (\d+)$", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex PassCount();
}
