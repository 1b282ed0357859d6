using System.Net.Http.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Caching;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi.Caching;
using Pack.Samples.WebApi.Shipments;

namespace Pack.Samples.Tests.Rolling;

/// <summary>
/// In process, what the rolling profile's api-c is in Docker: <c>/api/shipments</c> with the incompatible contract
/// (<see cref="IncompatibleShipment"/>, version 3), its Pack responses stamped with that contract's <c>Pack-Schema</c>,
/// its schema served at <c>/pack/schema</c>, and the sample's client schemas known up front, so that a version-2 Pack
/// body is answered 409 with the violations (as the sample API answers it).
/// </summary>
internal static class IncompatibleReplica
{
    public static WebApplication Build(string replica, Action<WebApplicationBuilder>? configure = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.Services.AddPack(options =>
        {
            foreach (Pack.Schema.PackSchema schema in ShipmentClientSchemas.Load())
            {
                options.KnownClientSchemas.Add(schema);
            }
        });
        // The shared cache's endpoint as the sample API has it (Pack entries in HybridCache, its reads counted); the
        // second level is the test's when it passes one, so that this replica shares entries with the others.
        builder.Services.AddHybridCache().AddPackSerializer();
        builder.Services.AddSingleton<CacheReadCounts>();
        configure?.Invoke(builder);

        WebApplication app = builder.Build();
        // A JSON body goes to its own route: PackBody<T> binds Pack bodies only.
        app.Use((context, next) =>
        {
            if (HttpMethods.IsPost(context.Request.Method) && context.Request.HasJsonContentType())
            {
                context.Request.Path = "/api/shipments/json";
            }

            return next(context);
        });
        app.UseRouting();
        app.MapGet("/api/shipments/{id:int}", (int id, HttpContext context) => Stamp(context, PackResults.Ok(IncompatibleShipment.Create(id))));
        app.MapGet("/api/shipments/{id:int}/cached", async (int id, HybridCache cache, CacheReadCounts reads, HttpContext context, CancellationToken cancellationToken) =>
        {
            IncompatibleShipment shipment = await cache.GetOrCreatePackAsync($"shipment:{id}", id, static (id, _) => ValueTask.FromResult(IncompatibleShipment.Create(id)), cancellationToken: cancellationToken);
            context.Response.Headers[ShipmentContract.CacheReadsHeader] = reads.Describe(nameof(IncompatibleShipment));
            return Stamp(context, PackResults.Ok(shipment));
        });
        app.MapPost("/api/shipments", (PackBody<IncompatibleShipment> body, HttpContext context) => Stamp(context, PackResults.Ok(body.Value)));
        // Two parameters: a lambda of HttpContext alone would bind as a RequestDelegate, and its result would not be written.
        app.MapPost("/api/shipments/json", async (HttpContext context, CancellationToken cancellationToken) =>
            Stamp(context, PackResults.Ok(await context.Request.ReadFromJsonAsync<IncompatibleShipment>(cancellationToken))));
        app.MapPackSchema();

        T Stamp<T>(HttpContext context, T result)
        {
            context.Response.Headers[ShipmentContract.ReplicaHeader] = replica;
            context.Response.Headers[ShipmentContract.VersionHeader] = "3";
            return result;
        }

        return app;
    }
}
