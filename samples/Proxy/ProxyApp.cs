using Yarp.ReverseProxy;
using Yarp.ReverseProxy.Configuration;
using Yarp.ReverseProxy.LoadBalancing;
using Yarp.ReverseProxy.Model;
using Yarp.ReverseProxy.Transforms;

namespace Pack.Samples.Proxy;

/// <summary>
/// A YARP reverse proxy in front of the sample API's replicas, for the rolling-upgrade compose profile
/// (docs/rolling-upgrade.md). <c>/api/**</c> is balanced round-robin over the replicas named in configuration
/// (<c>--Replicas:api-a=http://api-a:8080</c>); every answer carries the destination that served it
/// (<c>X-Proxy-Destination</c>). A deployment takes a replica out of rotation before restarting it
/// (<c>POST /admin/drain/{replica}</c>, which returns once its in-flight requests finished) and puts it back when it is
/// healthy (<c>POST /admin/undrain/{replica}</c>); a replica named in <c>--Drained=api-c</c> (comma-separated) starts
/// out of rotation, for a later step to add. <c>/pack/**</c> (the schema endpoint, docs/schema.md §5) goes to the same
/// replicas, a schema lookup (<c>?wire=</c>) to a replica that wrote that fingerprint (<see cref="SchemaAffinityPolicy"/>).
/// Every answer also names the deployment step under way (<see cref="DeploymentStep"/>, set with
/// <c>POST /admin/step/{name}</c>). The admin endpoints answer only on the admin port (configuration key
/// <c>AdminPort</c>, 8081), which the compose file keeps inside the proxy container.
/// </summary>
public static class ProxyApp
{
    public const string DestinationHeader = "X-Proxy-Destination";

    public static WebApplication BuildApp(string[] args, Action<WebApplicationBuilder>? configure = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder(args);
        configure?.Invoke(builder);

        var replicas = new ReplicaPool(ReadReplicas(builder.Configuration), ReadList(builder.Configuration["Drained"]));
        var step = new DeploymentStep(builder.Configuration["Step"] ?? DeploymentStep.DefaultName);
        var affinity = new SchemaAffinityPolicy();
        builder.Services.AddSingleton(replicas);
        builder.Services.AddSingleton(step);
        builder.Services.AddSingleton(affinity);
        builder.Services.AddSingleton<ILoadBalancingPolicy>(affinity);
        builder.Services.AddHealthChecks();
        builder.Services.AddReverseProxy()
            .LoadFromMemory([], [])
            .AddTransforms(context => context.AddResponseTransform(transform =>
            {
                HttpResponse response = transform.HttpContext.Response;
                string? destination = transform.HttpContext.GetReverseProxyFeature().ProxiedDestination?.DestinationId;
                if (destination is not null)
                {
                    response.Headers[DestinationHeader] = destination;
                    if (response.Headers.TryGetValue(SchemaAffinityPolicy.SchemaHeader, out var fingerprint) && fingerprint.Count == 1)
                    {
                        affinity.Learn(fingerprint.ToString(), destination);
                    }
                }

                response.Headers[DeploymentStep.HeaderName] = step.Name;
                return ValueTask.CompletedTask;
            }));

        WebApplication app = builder.Build();
        replicas.Attach(app.Services.GetRequiredService<InMemoryConfigProvider>(), app.Services.GetRequiredService<IProxyStateLookup>());

        app.MapHealthChecks("/healthz");
        app.MapReverseProxy();

        string adminHost = $"*:{builder.Configuration.GetValue("AdminPort", 8081)}";
        app.MapGet("/admin/replicas", () => replicas.Describe()).RequireHost(adminHost);
        app.MapPost("/admin/drain/{replica}", async (string replica, ILogger<ReplicaPool> logger, CancellationToken cancellationToken) =>
            await replicas.DrainAsync(replica, logger, cancellationToken).ConfigureAwait(false)).RequireHost(adminHost);
        app.MapPost("/admin/undrain/{replica}", (string replica, ILogger<ReplicaPool> logger) =>
            replicas.Undrain(replica, logger)).RequireHost(adminHost);
        app.MapPost("/admin/step/{name}", (string name) => step.Set(name)).RequireHost(adminHost);

        return app;
    }

    private static Dictionary<string, string> ReadReplicas(IConfiguration configuration)
    {
        var replicas = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (IConfigurationSection replica in configuration.GetSection("Replicas").GetChildren())
        {
            if (!string.IsNullOrEmpty(replica.Value))
            {
                replicas[replica.Key] = replica.Value;
            }
        }

        return replicas.Count > 0
            ? replicas
            : throw new InvalidOperationException("No replicas configured: pass --Replicas:<name>=<address> once per replica.");
    }

    private static string[] ReadList(string? value) =>
        value is null ? [] : value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    internal static IReadOnlyList<RouteConfig> Routes { get; } =
    [
        new RouteConfig { RouteId = "api", ClusterId = ReplicaPool.ClusterId, Match = new RouteMatch { Path = "/api/{**remainder}" } },
        // The schema endpoint (MapPackSchema): a client checking a response asks the origin that sent it.
        new RouteConfig { RouteId = "pack", ClusterId = ReplicaPool.ClusterId, Match = new RouteMatch { Path = "/pack/{**remainder}" } },
    ];

    internal static ClusterConfig Cluster(IEnumerable<KeyValuePair<string, string>> replicas) => new()
    {
        ClusterId = ReplicaPool.ClusterId,
        LoadBalancingPolicy = SchemaAffinityPolicy.PolicyName,
        Destinations = replicas.ToDictionary(replica => replica.Key, replica => new DestinationConfig { Address = replica.Value }, StringComparer.Ordinal),
    };
}
