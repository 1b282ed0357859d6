using Microsoft.AspNetCore.Mvc;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Shipments;

/// <summary>
/// The endpoints of the rolling-upgrade scenario (docs/rolling-upgrade.md). Every answer names the replica
/// (configuration key <c>Replica</c>, else the machine name) and the contract version this build has, so a client
/// behind a load balancer can tell who answered and which shape of <see cref="Shipment"/> to expect.
/// </summary>
[ApiController]
[Route("api/shipments")]
public sealed class ShipmentsController(IConfiguration configuration) : ControllerBase
{
    // The Pack media type in the metadata puts Shipment into /pack/schema (MapPackSchema), which a client checks a
    // response's Pack-Schema against and `pack inspect` decodes with; it does not restrict the negotiated format.
    [HttpGet("{id:int}")]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public Shipment Get(int id)
    {
        Stamp();
        return ShipmentContract.Create(id);
    }

    /// <summary>Reads a shipment and sends back what this version understood of it: nothing more, nothing less.</summary>
    [HttpPost]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public Shipment Echo(Shipment shipment)
    {
        Stamp();
        return shipment;
    }

    private void Stamp()
    {
        Response.Headers[ShipmentContract.ReplicaHeader] = configuration["Replica"] ?? Environment.MachineName;
        Response.Headers[ShipmentContract.VersionHeader] = ShipmentContract.Version.ToString(System.Globalization.CultureInfo.InvariantCulture);
    }
}
