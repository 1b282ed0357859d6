using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Samples.WebApi;
using Pack.Schema;

namespace Pack.TypeScript.Tests;

/// <summary>
/// The sample API's served-schema fixture (Schemas/sample-api.served.schema.json, from which
/// test/generated/sample-api-served.ts, the web page's types and typed client, is generated) is exactly the set, endpoints included (docs/schema.md §5.3), that the sample API serves at
/// /pack/schema on Kestrel: what <c>pack ts --schema http://…/pack/schema</c> reads. <c>PACK_UPDATE_GENERATED=1</c>
/// rewrites it after a deliberate change of the sample.
/// </summary>
public sealed class SampleApiSchemaTests
{
    [Fact]
    public async Task SampleApiFixture_IsWhatTheSampleApiServes()
    {
        await using WebApplication app = SampleApp.BuildApp(["--urls", "http://127.0.0.1:0"], builder => builder.Logging.ClearProviders());
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        using var client = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) };

        string served = await client.GetStringAsync("pack/schema");
        await app.StopAsync();
        var path = Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "Schemas", "sample-api.served.schema.json");
        if (Environment.GetEnvironmentVariable("PACK_UPDATE_GENERATED") == "1")
        {
            File.WriteAllText(path, served);
        }

        Assert.NotEmpty(PackSchemaSet.Parse(served).Endpoints);
        Assert.Equal(served, File.ReadAllText(path));
    }
}
