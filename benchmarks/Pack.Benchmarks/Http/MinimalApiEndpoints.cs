using Microsoft.AspNetCore.Builder;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;
using Pack.AspNetCore;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>
/// H1–H7 as minimal APIs. Under <see cref="HttpWorkloadPaths.MinimalPack"/> the handlers answer with
/// <see cref="PackResults.Ok{TValue}(TValue)"/> and bind Pack bodies with <see cref="PackBody{T}"/> (the Pack cells), and
/// request streams with <see cref="PackStreamBody{T}"/> (H6, and H7 answering with <see cref="PackResults.Stream{T}"/>);
/// under <see cref="HttpWorkloadPaths.MinimalJson"/> they return the value and bind the body as a plain minimal API does
/// with System.Text.Json (the JSON cells), so that neither pays for the other's negotiation. H6's JSON peer reads a JSON
/// array upload item by item with <see cref="JsonSerializer.DeserializeAsyncEnumerable{TValue}(Stream, JsonSerializerOptions?, CancellationToken)"/>;
/// H7 has no JSON peer.
/// </summary>
public static class MinimalApiEndpoints
{
    /// <summary>Maps both groups.</summary>
    public static void Map(IEndpointRouteBuilder endpoints)
    {
        var pack = endpoints.MapGroup("/" + HttpWorkloadPaths.MinimalPack);
        pack.MapGet(HttpWorkloadPaths.Small, static () => PackResults.Ok(HttpWorkloadData.Small));
        pack.MapGet(HttpWorkloadPaths.List100, static () => PackResults.Ok(HttpWorkloadData.List100));
        pack.MapGet(HttpWorkloadPaths.Organization10k, static () => PackResults.Ok(HttpWorkloadData.Organization10k));
        pack.MapGet(HttpWorkloadPaths.Organization, static (int members) => PackResults.Ok(HttpWorkloadData.Organization(members)));
        pack.MapPost(HttpWorkloadPaths.Echo, static (PackBody<Organization> organization) => PackResults.Ok(organization.Value));
        pack.MapGet(HttpWorkloadPaths.Stream100k, static () => PackResults.Ok(HttpWorkloadData.Stream100k.ToAsyncEnumerable()));
        pack.MapPost(HttpWorkloadPaths.Upload, static async (PackStreamBody<Member> members, CancellationToken cancellationToken) =>
            PackResults.Ok(await UploadSummary.SumAsync(members, cancellationToken).ConfigureAwait(false)))
            .WithMetadata(new DisableRequestSizeLimitAttribute());
        pack.MapPost(HttpWorkloadPaths.PingPong, static (PackStreamBody<SmallObject> items) => PackResults.Stream(items))
            .WithMetadata(new DisableRequestSizeLimitAttribute());
        pack.MapPost(HttpWorkloadPaths.EchoStream, static (PackStreamBody<Member> members) => PackResults.Stream(members))
            .WithMetadata(new DisableRequestSizeLimitAttribute());

        var json = endpoints.MapGroup("/" + HttpWorkloadPaths.MinimalJson);
        json.MapGet(HttpWorkloadPaths.Small, static () => HttpWorkloadData.Small);
        json.MapGet(HttpWorkloadPaths.List100, static () => HttpWorkloadData.List100);
        json.MapGet(HttpWorkloadPaths.Organization10k, static () => HttpWorkloadData.Organization10k);
        json.MapGet(HttpWorkloadPaths.Organization, static (int members) => HttpWorkloadData.Organization(members));
        json.MapPost(HttpWorkloadPaths.Echo, static (Organization organization) => organization);
        json.MapGet(HttpWorkloadPaths.Stream100k, static () => HttpWorkloadData.Stream100k.ToAsyncEnumerable());
        json.MapPost(HttpWorkloadPaths.Upload, static (HttpRequest request, CancellationToken cancellationToken) =>
            UploadSummary.SumAsync(JsonSerializer.DeserializeAsyncEnumerable<Member>(request.Body, JsonSerializerOptions.Web, cancellationToken), cancellationToken))
            .WithMetadata(new DisableRequestSizeLimitAttribute());
    }
}
