using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema;

/// <summary>
/// <c>app.MapPackSchema()</c> describes MVC actions whose response metadata names a type and the Pack media type
/// (docs/schema.md §5), on real Kestrel; an action that names Pack without a type adds nothing.
/// </summary>
public sealed class MapPackSchemaMvcTests
{
    [Fact]
    public async Task MapPackSchema_MvcActionsWithPackResponseMetadata_AreInTheSet()
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Services.AddControllers()
            .ConfigureApplicationPartManager(parts =>
            {
                parts.ApplicationParts.Clear();
                parts.FeatureProviders.Add(new OnlyController(typeof(SchemaMvcController)));
                parts.ApplicationParts.Add(new AssemblyPart(typeof(SchemaMvcController).Assembly));
            })
            .AddPackFormatters();
        await using var app = builder.Build();
        app.MapControllers();
        app.MapPackSchema();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        using var client = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) };

        using var response = await client.GetAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var set = PackSchemaSet.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(
            [typeof(SchemaMvcLine).FullName!, typeof(SchemaMvcOrder).FullName!],
            set.Schemas.Select(s => s.Label).Order(StringComparer.Ordinal));
        await app.StopAsync();
    }

    private sealed class OnlyController(Type controller) : ControllerFeatureProvider
    {
        protected override bool IsController(System.Reflection.TypeInfo typeInfo) => typeInfo.AsType() == controller;
    }
}

[ApiController]
[Route("schema-mvc")]
public sealed class SchemaMvcController : ControllerBase
{
    [HttpGet("order")]
    [ProducesResponseType<SchemaMvcOrder>(StatusCodes.Status200OK, "application/json", "application/x-pack")]
    public SchemaMvcOrder Order() => new() { Id = 1 };

    [HttpGet("line")]
    [Produces("application/x-pack", Type = typeof(SchemaMvcLine))]
    public SchemaMvcLine Line() => new() { Sku = "a" };

    [HttpGet("untyped")]
    [Produces("application/x-pack")]
    public SchemaMvcUntyped Untyped() => new() { Note = "n" };

    [HttpGet("json")]
    [ProducesResponseType<SchemaMvcUntyped>(StatusCodes.Status200OK, "application/json")]
    public SchemaMvcUntyped Json() => new() { Note = "n" };
}

public sealed class SchemaMvcOrder
{
    public int Id { get; set; }
}

public sealed class SchemaMvcLine
{
    public string? Sku { get; set; }
}

public sealed class SchemaMvcUntyped
{
    public string? Note { get; set; }
}
