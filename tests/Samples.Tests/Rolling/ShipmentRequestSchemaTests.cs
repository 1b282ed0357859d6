using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Pack.Client;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi;
using Pack.Schema;

namespace Pack.Samples.Tests.Rolling;

/// <summary>
/// The sample API checks Pack request bodies (docs/schema.md §5.2) and knows its clients' Shipment contracts up front,
/// so behind a round-robin proxy no replica needs a registration; on Kestrel, with a plain client (no 412 handling).
/// </summary>
public sealed class ShipmentRequestSchemaTests
{
    public static TheoryData<object> ClientContracts() => new()
    {
        new PreviousShipment { Id = 3, Carrier = "DHL", WeightKg = 1.25m, Parcels = ["P-3-1"] },
        new Shipment { Id = 3, Carrier = "DHL", WeightKg = 1.25m, Parcels = ["P-3-1"], TrackingUrl = "https://track.example/3" },
    };

    [Theory]
    [MemberData(nameof(ClientContracts))]
    public async Task Post_BodyOfAClientContractVersion_IsReadWithoutARegistration(object body)
    {
        await using WebApplication api = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(api)) };

        using HttpResponseMessage response = await PostAsync(client, body);
        Shipment? echoed = await response.Content.ReadFromPackAsync<Shipment>(CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal((3, "DHL"), (echoed?.Id, echoed?.Carrier));
    }

    [Fact]
    public async Task Post_BodyOfTheIncompatibleContract_IsRefusedBeforeTheActionWithTheReplicaNamed()
    {
        await using WebApplication api = await KestrelApps.StartAsync(SampleApp.BuildApp(["--Replica=api-a"], KestrelApps.Quiet));
        using var client = new HttpClient { BaseAddress = new Uri(KestrelApps.Address(api)) };
        IncompatibleShipment body = IncompatibleShipment.Create(3);

        using HttpResponseMessage unknown = await PostAsync(client, body);
        using HttpResponseMessage registered = await client.PostAsync(
            "pack/schema", new StringContent(new PackSchemaSet([PackSchema.For(typeof(IncompatibleShipment))]).ToJsonString(), MediaTypeHeaderValue.Parse("application/json")), CancellationToken.None);
        using HttpResponseMessage incompatible = await PostAsync(client, body);
        PackApiException refusal = await Assert.ThrowsAsync<PackApiException>(() => incompatible.EnsureSuccessStatusCodeAsync(CancellationToken.None));

        Assert.Equal(HttpStatusCode.PreconditionFailed, unknown.StatusCode);
        Assert.Equal(HttpStatusCode.OK, registered.StatusCode);
        Assert.Equal(HttpStatusCode.Conflict, incompatible.StatusCode);
        Assert.Equal("urn:pack:problem:request-schema-incompatible", refusal.Problem?.Type);
        PackSchemaViolation violation = Assert.Single(refusal.Problem!.GetSchemaViolations());
        Assert.Equal((PackSchemaRules.MemberRetyped, "$.WeightKg"), (violation.RuleId, violation.Path));
        Assert.All([unknown, incompatible], response =>
        {
            Assert.Equal("api-a", Assert.Single(response.Headers.GetValues(ShipmentContract.ReplicaHeader)));
            Assert.Equal("2", Assert.Single(response.Headers.GetValues(ShipmentContract.VersionHeader)));
        });
    }

    private static async Task<HttpResponseMessage> PostAsync(HttpClient client, object body)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/shipments") { Content = PackContent.Create(body, body.GetType()) };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
        return await client.SendAsync(request, CancellationToken.None);
    }
}
