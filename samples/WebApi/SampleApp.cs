using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.ResponseCompression;
using Pack.Samples.WebApi.Caching;
using Pack.Samples.WebApi.Members;
using Pack.Samples.WebApi.Minimal;
using Pack.Samples.WebApi.Operations;
using Pack.Samples.WebApi.Orders;
using Pack.Samples.WebApi.Shipments;
using Pack.Samples.WebApi.Telemetry;
using Pack.Schema;

namespace Pack.Samples.WebApi;

/// <summary>
/// Builds the sample API. <c>Program.cs</c>, the demo (which hosts it in-process on Kestrel) and the tests all go
/// through here, so they run exactly the same app.
/// </summary>
public static class SampleApp
{
    public static WebApplication BuildApp(string[] args, Action<WebApplicationBuilder>? configure = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder(args);

        builder.Services.AddControllers()
            // The sample runs as several replicas behind a round-robin proxy (docker-compose, the rolling upgrade). Each
            // replica keeps its own registry of registered client schemas (docs/schema.md §5.2), so a client that
            // registered with one replica would be unknown to the next. Every replica therefore knows the Shipment
            // contracts of its clients up front: request bodies are checked on whichever replica they reach, and the
            // contract-breaking replica answers 409 with the violations instead of misreading a body. With Redis (docker-compose),
            // schemas that clients register at /pack/schema are kept there too, so a registration with one replica holds for all.
            .AddPackFormatters(options =>
            {
                foreach (PackSchema schema in ShipmentClientSchemas.Load())
                {
                    options.KnownClientSchemas.Add(schema);
                }

                options.ShareClientSchemaRegistrations = SampleCaching.HasRedis(builder.Configuration);
            })
            // When another assembly (the demo) is the entry point, MVC would not find these controllers on its own.
            .ConfigureApplicationPartManager(manager =>
            {
                var assembly = typeof(SampleApp).Assembly;
                if (!manager.ApplicationParts.OfType<AssemblyPart>().Any(part => part.Assembly == assembly))
                {
                    manager.ApplicationParts.Add(new AssemblyPart(assembly));
                }
            });
        builder.Services.AddProblemDetails();
        builder.Services.AddSingleton<OrderStore>();
        builder.Services.AddHealthChecks();
        builder.Services.AddOpenApi();
        builder.Services.AddResponseCompression(options =>
            options.MimeTypes = [.. ResponseCompressionDefaults.MimeTypes, PackMediaTypes.Pack, PackMediaTypes.PackStream]);

        builder.AddOperations();
        builder.AddSampleCaching();
        configure?.Invoke(builder);

        WebApplication app = builder.Build();

        app.UseResponseCompression();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseOperations();

        // The web page (wwwroot/index.html) built on the TypeScript client (clients/typescript, npm run build:page).
        app.UseDefaultFiles();
        app.UseStaticFiles();

        app.MapControllers();
        MinimalEndpoints.Map(app);
        ReadingEndpoints.Map(app);
        app.MapHealthChecks("/healthz");
        app.MapOpenApi();
        // The schemas of the Pack endpoints (docs/schema.md §5): clients check responses against it, servers accept
        // clients' schemas there (412), and `pack inspect --schema` decodes a response with it.
        app.MapPackSchema();

        return app;
    }
}
