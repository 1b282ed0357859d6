using System.Net.Http.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Samples.Contracts;
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
    public static WebApplication Build(string replica)
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
