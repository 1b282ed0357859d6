using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Pack.AspNetCore.Tests.TestApp;

public static class MinimalEndpoints
{
    public static void Map(IEndpointRouteBuilder endpoints)
    {
        var group = endpoints.MapGroup("/minimal");

        group.MapGet("/organizations/{id:int}", (int id) => PackResults.Ok(SampleData.Organization(id)));

        group.MapGet("/organizations/large", (int members) => PackResults.Ok(SampleData.Organization(1, members)));

        group.MapGet("/readings/{sensor:int}", (int sensor) => PackResults.Ok(new Reading(sensor, 1.5)));

        group.MapPost("/organizations", (PackBody<Organization> organization) =>
            PackResults.Created($"/minimal/organizations/{organization.Value.Id}", organization.Value));

        group.MapPost("/small", (PackBody<SmallObject> value) => PackResults.Ok(value.Value));
        group.MapPost("/members/count", async (PackStreamBody<Member> members) =>
        {
            int count = 0;
            await foreach (var member in members)
            {
                count++;
            }

            return PackResults.Ok(count);
        });
        group.MapPost("/members/echo", (PackStreamBody<Member> members) => PackResults.Stream(EchoAsync(members)));

        group.MapPost("/optional", (PackBody<Organization>? organization) =>
            PackResults.Ok(organization is null ? "null" : $"organization {organization.Value.Id}"));

        group.MapGet("/members", (int count) => PackResults.Ok(Members(count)));

        group.MapGet("/deadlines/slow", async (string probe, int? ms, StreamProbes probes, HttpContext context) =>
        {
            var state = probes.Get(probe);
            state.Started.TrySetResult();
            try
            {
                await Task.Delay(TimeSpan.FromMilliseconds(ms ?? 30_000), context.RequestAborted);
            }
            catch (OperationCanceledException)
            {
                state.Canceled.TrySetResult();
                throw;
            }

            return PackResults.Ok(SampleData.Small());
        });

        group.MapGet("/deadlines/untimed", (string probe, StreamProbes probes) =>
        {
            probes.Get(probe).Started.TrySetResult();
            return PackResults.Ok(SampleData.Small());
        }).DisableRequestTimeout();

        group.MapPost("/deadlines/body", (PackBody<Organization> organization) => PackResults.Ok(organization.Value));
    }

    private static async IAsyncEnumerable<Member> Members(int count)
    {
        for (var i = 1; i <= count; i++)
        {
            await Task.Yield();
            yield return SampleData.Member(i);
        }
    }

    private static async IAsyncEnumerable<Member> EchoAsync(IAsyncEnumerable<Member?> members)
    {
        await foreach (var member in members)
        {
            yield return member!;
        }
    }
}
