using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Samples.WebApi;

namespace Pack.Python.Tests;

/// <summary>
/// The Python client against the live sample API (samples/WebApi on Kestrel, 127.0.0.1, a free port): every endpoint
/// of its served set through the generated clients, a server stream and an upload, a deadline, a validation error, a
/// response and a request of an incompatible contract refused (clients/python/tests/live_sample_api.py).
/// </summary>
public sealed class LiveSampleApiTests(PythonToolchain toolchain) : IClassFixture<PythonToolchain>
{
    [Fact]
    public async Task PythonClient_SampleApi_AllCallsPass()
    {
        toolchain.RequirePython();
        await using WebApplication app = SampleApp.BuildApp(["--urls", "http://127.0.0.1:0"], builder => builder.Logging.ClearProviders());
        await app.StartAsync();
        try
        {
            string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            var run = await Task.Run(() => PythonToolchain.Run("-m unittest -v live_sample_api", TimeSpan.FromMinutes(3),
                new Dictionary<string, string> { ["PACK_SAMPLE_URL"] = address + "/" }));

            Assert.True(run.ExitCode == 0, run.Describe());
            Assert.Contains("Ran 10 tests", run.Output, StringComparison.Ordinal);
        }
        finally
        {
            await app.StopAsync();
        }
    }
}
