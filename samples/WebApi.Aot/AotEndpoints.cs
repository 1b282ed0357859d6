using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http.HttpResults;
using Pack.AspNetCore;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi.Orders;

namespace Pack.Samples.WebApi.Aot;

/// <summary>
/// The routes of the MVC sample (<c>/api</c>) and of its minimal APIs (<c>/minimal</c>), all as minimal APIs:
/// <see cref="PackResults"/> negotiate Pack or JSON, <see cref="PackBody{T}"/> binds Pack bodies, and
/// <see cref="PackResults.Stream{T}"/> streams.
/// </summary>
public static class AotEndpoints
{
    /// <summary>Caps the work one request can ask for, as the MVC sample does.</summary>
    public const int MaxMembers = 100_000;

    public static void Map(IEndpointRouteBuilder endpoints)
    {
        RouteGroupBuilder api = endpoints.MapGroup("/api");
        api.MapGet("/orders", (OrderStore store) => PackResults.Ok(new List<Order>(store.List())));
        api.MapGet("/orders/{id:int}", Results<PackOk<Order>, NotFound> (int id, OrderStore store) =>
            store.Find(id) is { } order ? PackResults.Ok(order) : TypedResults.NotFound());
        api.MapPost("/orders", Results<PackCreated<Order>, ValidationProblem> (PackBody<CreateOrderRequest> body, OrderStore store) =>
            OrderValidation.Validate(body.Value) is { } errors
                ? TypedResults.ValidationProblem(errors)
                : Created("/api/orders", store.Add(body.Value)));
        api.MapPut("/orders/{id:int}", Results<PackOk<Order>, NotFound, ValidationProblem> (int id, PackBody<CreateOrderRequest> body, OrderStore store) =>
            OrderValidation.Validate(body.Value) is { } errors ? TypedResults.ValidationProblem(errors)
            : store.Replace(id, body.Value) is { } order ? PackResults.Ok(order)
            : TypedResults.NotFound());
        api.MapDelete("/orders/{id:int}", Results<PackOk<Order>, NotFound> (int id, OrderStore store) =>
            store.Remove(id) is { } order ? PackResults.Ok(order) : TypedResults.NotFound());
        api.MapGet("/organizations/{members:int}", OrganizationOf);
        api.MapGet("/members/stream", Results<PackOk<IAsyncEnumerable<Member>>, ValidationProblem> (int? count, int? delayMs, HttpContext http) =>
            count is < 0 or > MaxMembers || delayMs is < 0 or > 1000
                ? TypedResults.ValidationProblem(new Dictionary<string, string[]>
                {
                    ["count"] = [$"The field count must be between 0 and {MaxMembers}; delayMs between 0 and 1000."],
                })
                : PackResults.Stream(StreamMembers(count ?? 100, delayMs ?? 0, http.RequestAborted)));

        RouteGroupBuilder minimal = endpoints.MapGroup("/minimal");
        minimal.MapGet("/orders/{id:int}", Results<PackOk<Order>, NotFound> (int id, OrderStore store) =>
            store.Find(id) is { } order ? PackResults.Ok(order) : TypedResults.NotFound());
        minimal.MapPost("/orders", Results<PackCreated<Order>, ValidationProblem> (PackBody<CreateOrderRequest> body, OrderStore store) =>
            OrderValidation.Validate(body.Value) is { } errors
                ? TypedResults.ValidationProblem(errors)
                : Created("/minimal/orders", store.Add(body.Value)));
        minimal.MapGet("/organizations/{members:int}", OrganizationOf);

        // Takes delayMs unless the request's deadline (Pack-Timeout) expires first: then RequestAborted fires and the
        // client gets a 504 problem with Pack-Timeout-Expired.
        minimal.MapGet("/slow", async (int delayMs, HttpContext http) =>
        {
            await Task.Delay(TimeSpan.FromMilliseconds(delayMs), http.RequestAborted);
            return PackResults.Ok(new Member { Id = delayMs, Name = "finished in time" });
        });
    }

    private static PackCreated<Order> Created(string prefix, Order order) => PackResults.Created($"{prefix}/{order.Id}", order);

    private static Results<PackOk<Organization>, ValidationProblem> OrganizationOf(int members) =>
        members is < 0 or > MaxMembers
            ? TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["members"] = [$"The field members must be between 0 and {MaxMembers}."],
            })
            : PackResults.Ok(SampleData.Organization(members));

    private static async IAsyncEnumerable<Member> StreamMembers(int count, int delayMs, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (var i = 1; i <= count; i++)
        {
            if (delayMs > 0)
            {
                await Task.Delay(delayMs, cancellationToken);
            }
            else if (i % 256 == 0)
            {
                // Let the response flush now and then, so even an undelayed stream arrives in pieces.
                await Task.Yield();
            }

            yield return SampleData.Member(i);
        }
    }
}
