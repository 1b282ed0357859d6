using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using Pack.Client;
using Pack.Samples.Contracts;

namespace Pack.Samples.Tests.Rolling;

public sealed class ShipmentsControllerTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [InlineData("application/json")]
    [InlineData(PackMediaTypes.Pack)]
    public async Task Get_AnyFormat_ReturnsTheSharedValuesAndNamesReplicaAndVersion(string accept)
    {
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/shipments/41");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
        Shipment? shipment = await response.Content.ReadFromPackAsync<Shipment>(CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("2", Assert.Single(response.Headers.GetValues(ShipmentContract.VersionHeader)));
        Assert.False(string.IsNullOrEmpty(Assert.Single(response.Headers.GetValues(ShipmentContract.ReplicaHeader))));
        Assert.Equivalent(ShipmentContract.Create(41), shipment, strict: true);
        Assert.Equal("https://track.example/41", shipment?.TrackingUrl);
    }

    [Theory]
    [InlineData("pack", "application/json")]
    [InlineData("json", PackMediaTypes.Pack)]
    public async Task Post_CurrentShipment_EchoesEveryMember(string bodyFormat, string accept)
    {
        Shipment sent = ShipmentContract.Create(8);
        sent.Carrier = "Sent by the test";
        sent.TrackingUrl = "https://track.example/sent/8";
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/shipments")
        {
            Content = bodyFormat == "pack" ? PackContent.Create(sent) : JsonContent.Create(sent),
        };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
        Shipment? echoed = await response.Content.ReadFromPackAsync<Shipment>(CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
        Assert.Equivalent(sent, echoed, strict: true);
    }

    [Fact]
    public async Task Post_PreviousVersionPackBody_EchoesItWithTrackingUrlNull()
    {
        var previous = new PreviousShipment { Id = 3, Carrier = "DHL", WeightKg = 1.25m, Parcels = ["P-3-1"] };
        // The body's Pack-Schema is unknown to the API (it maps /pack/schema), so it answers 412 first; the negotiation
        // handler registers the version-1 schema and sends the body again (docs/schema.md §5.2), which is then read.
        using HttpClient client = factory.CreateDefaultClient(new PackNegotiationHandler());
        using var request = new HttpRequestMessage(HttpMethod.Post, "/api/shipments") { Content = PackContent.Create(previous) };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
        Shipment? echoed = await response.Content.ReadFromPackAsync<Shipment>(CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.NotNull(echoed);
        Assert.Equal((3, "DHL", 1.25m, "P-3-1"), (echoed.Id, echoed.Carrier, echoed.WeightKg, Assert.Single(echoed.Parcels)));
        Assert.Null(echoed.TrackingUrl);
    }
}
