using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests;

/// <summary>A <see cref="WebApplicationFactory{TEntryPoint}"/> over <see cref="PackTestApp"/>, with no Program class.</summary>
public class PackTestAppFactory : WebApplicationFactory<PackTestAppFactory>
{
    protected override IHostBuilder CreateHostBuilder() =>
        Host.CreateDefaultBuilder()
            .ConfigureLogging(logging => logging.ClearProviders())
            .ConfigureWebHost(web => web
                .UseSetting(WebHostDefaults.ContentRootKey, AppContext.BaseDirectory)
                .ConfigureServices(services => PackTestApp.ConfigureServices(services))
                .Configure(PackTestApp.Configure));

    protected override IHost CreateHost(IHostBuilder builder)
    {
        // There is no project folder named after the assembly at the solution root, so point the content root at the output.
        builder.UseContentRoot(AppContext.BaseDirectory);
        return base.CreateHost(builder);
    }
}
