using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.Logging;

namespace Pack.Samples.Tests;

/// <summary>The Native AOT sample's <c>Program</c>, in memory on the JIT, without console logging.</summary>
public sealed class AotSampleApiFactory : WebApplicationFactory<Pack.Samples.WebApi.Aot.Program>
{
    protected override void ConfigureWebHost(IWebHostBuilder builder) =>
        builder.ConfigureLogging(logging => logging.ClearProviders());
}
