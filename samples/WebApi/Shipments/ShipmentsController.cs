using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.Extensions.Caching.Hybrid;
using Pack.Caching;
using Pack.Samples.Contracts;
using Pack.Samples.WebApi.Caching;

namespace Pack.Samples.WebApi.Shipments;

/// <summary>
/// The endpoints of the rolling-upgrade scenario (docs/rolling-upgrade.md). Every answer names the replica
/// (configuration key <c>Replica</c>, else the machine name) and the contract version this build has, so a client
/// behind a load balancer can tell who answered and which shape of <see cref="Shipment"/> to expect: also a refusal of
/// the request body (409 or 412, docs/schema.md §5.2), which is answered before the action runs (the controller's own
/// action filter runs before every other).
/// </summary>
[ApiController]
[Route("api/shipments")]
public sealed class ShipmentsController(IConfiguration configuration) : ControllerBase, IActionFilter
{
    // The Pack media type in the metadata puts Shipment into /pack/schema (MapPackSchema), which a client checks a
    // response's Pack-Schema against and `pack inspect` decodes with; it does not restrict the negotiated format.
    [HttpGet("{id:int}")]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public Shipment Get(int id) => ShipmentContract.Create(id);

    /// <summary>
    /// The shipment served from HybridCache with Pack entries (<c>shipment:{id}</c>), in Redis when the app has one
    /// (docker-compose): during a rolling upgrade every replica reads the entries the others wrote, an older or newer
    /// contract's (read, docs/caching.md §3) or an incompatible one's (refused and refilled, never misread). The answer
    /// names what this replica has read from the cache so far (<see cref="ShipmentContract.CacheReadsHeader"/>).
    /// </summary>
    [HttpGet("{id:int}/cached")]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public async Task<Shipment> GetCached(int id, [FromServices] HybridCache cache, [FromServices] CacheReadCounts reads, CancellationToken cancellationToken)
    {
        Shipment shipment = await cache.GetOrCreatePackAsync(
            string.Create(System.Globalization.CultureInfo.InvariantCulture, $"shipment:{id}"),
            id,
            static (id, _) => ValueTask.FromResult(ShipmentContract.Create(id)),
            cancellationToken: cancellationToken).ConfigureAwait(false);
        Response.Headers[ShipmentContract.CacheReadsHeader] = reads.Describe(nameof(Shipment));
        return shipment;
    }

    /// <summary>Reads a shipment and sends back what this version understood of it: nothing more, nothing less.</summary>
    [HttpPost]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK, "application/json", PackMediaTypes.Pack)]
    public Shipment Echo(Shipment shipment) => shipment;

    /// <inheritdoc/>
    [NonAction]
    public void OnActionExecuting(ActionExecutingContext context)
    {
        // Before the request schema check's filter, which answers 409 or 412 without running the action.
        Response.Headers[ShipmentContract.ReplicaHeader] = configuration["Replica"] ?? Environment.MachineName;
        Response.Headers[ShipmentContract.VersionHeader] = ShipmentContract.Version.ToString(System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <inheritdoc/>
    [NonAction]
    public void OnActionExecuted(ActionExecutedContext context)
    {
    }
}
