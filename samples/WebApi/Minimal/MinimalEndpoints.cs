using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Http.HttpResults;
using Pack.AspNetCore;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi.Orders;

namespace Pack.Samples.WebApi.Minimal;

/// <summary>
/// The same data through minimal APIs: <see cref="PackResults"/> negotiate, <see cref="PackBody{T}"/> binds. The group's
/// tag and the endpoint names are what a generated client calls them (docs/schema.md §5.3): <c>minimalGetOrder</c>,
/// <c>minimalCreateOrder</c>, … in TypeScript (<c>pack ts</c>). Endpoint names are unique in the app, as link
/// generation needs them to be.
/// </summary>
public static class MinimalEndpoints
{
    public static void Map(IEndpointRouteBuilder endpoints)
    {
        RouteGroupBuilder group = endpoints.MapGroup("/minimal").WithTags("Minimal");

        group.MapGet("/orders/{id:int}", Results<PackOk<Order>, NotFound> (int id, OrderStore store) =>
            store.Find(id) is { } order ? PackResults.Ok(order) : TypedResults.NotFound())
            .WithName("GetOrder");

        group.MapPost("/orders", Results<PackCreated<Order>, ValidationProblem> (PackBody<CreateOrderRequest> body, OrderStore store) =>
        {
            // Minimal APIs do not run DataAnnotations themselves; validate as [ApiController] would.
            CreateOrderRequest request = body.Value;
            if (Validate(request) is { } errors)
            {
                return TypedResults.ValidationProblem(errors);
            }

            Order order = store.Add(request);
            return PackResults.Created($"/minimal/orders/{order.Id}", order);
        })
            .WithName("CreateOrder");

        group.MapGet("/organizations/{members:int}", Results<PackOk<Organization>, ValidationProblem> (int members) =>
            members is < 0 or > Organizations.OrganizationsController.MaxMembers
                ? TypedResults.ValidationProblem(new Dictionary<string, string[]>
                {
                    ["members"] = [$"The field members must be between 0 and {Organizations.OrganizationsController.MaxMembers}."],
                })
                : PackResults.Ok(SampleData.Organization(members)))
            .WithName("GetOrganization");

        // Cacheable by shared caches, varying on Accept-Encoding as set by the handler; Pack adds Accept (docker/cache-check.sh).
        group.MapGet("/organizations/{members:int}/cached", Results<PackOk<Organization>, ValidationProblem> (int members, HttpResponse response) =>
        {
            if (members is < 0 or > Organizations.OrganizationsController.MaxMembers)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]>
                {
                    ["members"] = [$"The field members must be between 0 and {Organizations.OrganizationsController.MaxMembers}."],
                });
            }

            response.Headers.CacheControl = "public, max-age=30";
            response.Headers.Vary = "Accept-Encoding";
            return PackResults.Ok(SampleData.Organization(members));
        })
            .WithName("GetCachedOrganization");
    }

    private static Dictionary<string, string[]>? Validate(CreateOrderRequest request)
    {
        var results = new List<ValidationResult>();
        var valid = Validator.TryValidateObject(request, new ValidationContext(request), results, validateAllProperties: true);
        for (var i = 0; i < request.Lines.Count; i++)
        {
            var lineResults = new List<ValidationResult>();
            if (!Validator.TryValidateObject(request.Lines[i], new ValidationContext(request.Lines[i]), lineResults, validateAllProperties: true))
            {
                valid = false;
                results.AddRange(lineResults.Select(result =>
                    new ValidationResult(result.ErrorMessage, [.. result.MemberNames.Select(name => $"Lines[{i}].{name}")])));
            }
        }

        return valid
            ? null
            : results
                .SelectMany(result => result.MemberNames.DefaultIfEmpty("").Select(name => (name, message: result.ErrorMessage ?? "Invalid value.")))
                .GroupBy(error => error.name, StringComparer.Ordinal)
                .ToDictionary(group => group.Key, group => group.Select(error => error.message).ToArray(), StringComparer.Ordinal);
    }
}
