using System.Diagnostics;
using Yarp.ReverseProxy;
using Yarp.ReverseProxy.Configuration;
using Yarp.ReverseProxy.Model;

namespace Pack.Samples.Proxy;

/// <summary>The replicas behind the proxy and which of them are in rotation; every change is applied to YARP at once.</summary>
/// <param name="replicas">The replicas by name, with their addresses.</param>
/// <param name="initiallyDrained">The replicas that start out of rotation (a later step of the deployment adds them).</param>
public sealed partial class ReplicaPool(IReadOnlyDictionary<string, string> replicas, IEnumerable<string> initiallyDrained)
{
    public const string ClusterId = "replicas";

    private static readonly TimeSpan DrainTimeout = TimeSpan.FromSeconds(30);

    private readonly Lock gate = new();
    private readonly HashSet<string> drained = new(initiallyDrained, StringComparer.Ordinal);
    private InMemoryConfigProvider? config;
    private IProxyStateLookup? state;

    internal void Attach(InMemoryConfigProvider provider, IProxyStateLookup lookup)
    {
        config = provider;
        state = lookup;
        Apply();
    }

    /// <summary>The replicas and whether each is in rotation.</summary>
    public IReadOnlyDictionary<string, string> Describe()
    {
        lock (gate)
        {
            return replicas.ToDictionary(replica => replica.Key, replica => drained.Contains(replica.Key) ? "drained" : "in rotation", StringComparer.Ordinal);
        }
    }

    /// <summary>Takes a replica out of rotation and waits until the requests it was already serving have finished.</summary>
    public async Task<IResult> DrainAsync(string replica, ILogger logger, CancellationToken cancellationToken)
    {
        if (!replicas.ContainsKey(replica))
        {
            return Results.NotFound();
        }

        DestinationState? destination = null;
        if (state!.TryGetCluster(ClusterId, out ClusterState? cluster))
        {
            cluster.Destinations.TryGetValue(replica, out destination);
        }

        lock (gate)
        {
            drained.Add(replica);
            Apply();
        }

        long started = Stopwatch.GetTimestamp();
        while (destination is { ConcurrentRequestCount: > 0 } && Stopwatch.GetElapsedTime(started) < DrainTimeout)
        {
            await Task.Delay(10, cancellationToken).ConfigureAwait(false);
        }

        int inFlight = destination?.ConcurrentRequestCount ?? 0;
        Log.Drained(logger, replica, inFlight, (long)Stopwatch.GetElapsedTime(started).TotalMilliseconds);
        return inFlight == 0
            ? Results.Ok(new { replica, state = "drained", inFlight })
            : Results.Problem($"{replica} still had {inFlight} requests in flight after {DrainTimeout.TotalSeconds} s.");
    }

    /// <summary>Puts a replica back into rotation.</summary>
    public IResult Undrain(string replica, ILogger logger)
    {
        if (!replicas.ContainsKey(replica))
        {
            return Results.NotFound();
        }

        lock (gate)
        {
            drained.Remove(replica);
            Apply();
        }

        Log.Undrained(logger, replica);
        return Results.Ok(new { replica, state = "in rotation" });
    }

    private void Apply()
    {
        var active = new List<KeyValuePair<string, string>>();
        foreach (KeyValuePair<string, string> replica in replicas)
        {
            if (!drained.Contains(replica.Key))
            {
                active.Add(replica);
            }
        }

        config!.Update(ProxyApp.Routes, [ProxyApp.Cluster(active)]);
    }

    private static partial class Log
    {
        [LoggerMessage(1, LogLevel.Information, "Replica {Replica} drained: {InFlight} requests still in flight after {ElapsedMs} ms")]
        public static partial void Drained(ILogger logger, string replica, int inFlight, long elapsedMs);

        [LoggerMessage(2, LogLevel.Information, "Replica {Replica} back in rotation")]
        public static partial void Undrained(ILogger logger, string replica);
    }
}
