using System.Collections.Concurrent;
using Yarp.ReverseProxy.LoadBalancing;
using Yarp.ReverseProxy.Model;

namespace Pack.Samples.Proxy;

/// <summary>
/// Round-robin, except for a schema lookup: <c>GET /pack/schema?wire=&lt;fingerprint&gt;</c> (docs/schema.md §5, §5.1
/// step 5) goes to a replica in rotation that has written a response with that <c>Pack-Schema</c>, when there is one.
/// </summary>
/// <remarks>
/// During a rolling deploy replicas serve different schema sets; a client that finds a fingerprint it does not know asks
/// the schema endpoint behind the same origin, and under plain round-robin that request may reach a replica that does
/// not serve it (the client then asks again, up to four times). The <c>wire</c> query parameter exists so that a proxy
/// can route by it: this policy learns which replica wrote which fingerprint from the responses it forwards
/// (<see cref="Learn"/>), so the lookup reaches the replica that wrote the response, and the client's check is decided
/// by that replica's schema, every time.
/// </remarks>
public sealed class SchemaAffinityPolicy : ILoadBalancingPolicy
{
    /// <summary>The policy's name in a cluster's configuration.</summary>
    public const string PolicyName = "PackSchemaAffinity";

    /// <summary>The response header that names the wire fingerprint of a Pack body (<c>PackSchema.HeaderName</c>).</summary>
    public const string SchemaHeader = "Pack-Schema";

    /// <summary>The query parameter of a schema lookup (docs/schema.md §5.1).</summary>
    public const string WireQueryParameter = "wire";

    /// <summary>More fingerprints than a fleet ever has live; past it the map starts again (it is only a routing hint).</summary>
    private const int MaxFingerprints = 256;

    private readonly ConcurrentDictionary<string, string> writers = new(StringComparer.Ordinal);
    private uint next;

    /// <inheritdoc/>
    public string Name => PolicyName;

    /// <summary>Records that <paramref name="destinationId"/> wrote a response with the wire fingerprint <paramref name="fingerprint"/>.</summary>
    public void Learn(string fingerprint, string destinationId)
    {
        if (writers.TryGetValue(fingerprint, out string? known) && known == destinationId)
        {
            return;
        }

        if (writers.Count >= MaxFingerprints)
        {
            writers.Clear();
        }

        writers[fingerprint] = destinationId;
    }

    /// <inheritdoc/>
    public DestinationState? PickDestination(HttpContext context, ClusterState cluster, IReadOnlyList<DestinationState> availableDestinations)
    {
        if (availableDestinations.Count == 0)
        {
            return null;
        }

        if (context.Request.Query.TryGetValue(WireQueryParameter, out var wire) && wire.Count == 1
            && writers.TryGetValue(wire.ToString(), out string? writer))
        {
            foreach (DestinationState destination in availableDestinations)
            {
                if (destination.DestinationId == writer)
                {
                    return destination;
                }
            }
        }

        uint turn = Interlocked.Increment(ref next) - 1;
        return availableDestinations[(int)(turn % (uint)availableDestinations.Count)];
    }
}
