using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Client.Tests.Infrastructure;
using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>How the test server serves its schema set.</summary>
public enum SchemaEndpoint
{
    /// <summary><c>MapPackSchema()</c> at <c>/pack/schema</c>.</summary>
    Mapped,

    /// <summary>No schema endpoint: <c>/pack/schema</c> is a 404.</summary>
    Missing,

    /// <summary>At <c>/custom/schema</c>, a set the test replaces (a deploy), with an ETag per set and 304 for If-None-Match.</summary>
    Custom,

    /// <summary><c>/pack/schema</c> answers 200 with JSON that is not a schema set.</summary>
    Malformed,

    /// <summary><c>/pack/schema</c> answers 200 with a schema set whose <c>format</c> is given twice (docs/schema.md §1.5).</summary>
    DuplicateMembers,

    /// <summary><c>/pack/schema</c> answers 200 with a chunked body (no Content-Length) that never ends.</summary>
    Endless,

    /// <summary>
    /// At <c>/pack/schema</c>, replicas behind a round-robin balancer: each request gets the next of the sets the test
    /// gives (<see cref="SchemaServerHost.ServeRoundRobin"/>), with its ETag and a 304 for a matching If-None-Match.
    /// </summary>
    RoundRobin,
}

/// <summary>
/// Kestrel on 127.0.0.1 (free port) with Pack.AspNetCore minimal APIs that write each version of the order contract,
/// as a body (<c>/orders/{version}</c>) and as a stream (<c>/orders/{version}/stream</c>), and that count the requests
/// made to the schema endpoint.
/// </summary>
public sealed class SchemaServerHost : IAsyncDisposable
{
    public const string CustomPath = "/custom/schema";

    private readonly WebApplication _app;
    private volatile PackSchemaSet _customSet = new([]);
    private volatile PackSchemaSet[] _replicaSets = [new([])];
    private int _schemaRequests;
    private int _roundRobin;

    private SchemaServerHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    private static readonly ConcurrentDictionary<int, byte> UsedPorts = new();

    /// <summary>Requests that reached the schema endpoint's path, whatever the answer.</summary>
    public int SchemaRequests => Volatile.Read(ref _schemaRequests);

    /// <summary>The <c>If-None-Match</c> of each schema request, in order (empty when there was none).</summary>
    public ConcurrentQueue<string> IfNoneMatch { get; } = new();

    /// <summary>The query string of each schema request, in order (empty when there was none).</summary>
    public ConcurrentQueue<string> SchemaQueries { get; } = new();

    /// <summary>Sets the replicas' sets for <see cref="SchemaEndpoint.RoundRobin"/>: request n gets set n modulo their count.</summary>
    public void ServeRoundRobin(params Type[][] replicas) =>
        _replicaSets = [.. replicas.Select(types => ReferenceEquals(types, NotServed) ? NotServedSet : new PackSchemaSet([.. types.Select(PackSchema.For)]))];

    /// <summary>A replica for <see cref="ServeRoundRobin"/> that answers MapPackSchema's 404 "not served" problem.</summary>
    public static readonly Type[] NotServed = [];

    private static readonly PackSchemaSet NotServedSet = new([]);

    /// <summary>Replaces the set served at <see cref="CustomPath"/> (a deploy).</summary>
    public void Serve(params Type[] types) => _customSet = new PackSchemaSet([.. types.Select(PackSchema.For)]);

    public static async Task<SchemaServerHost> StartAsync(SchemaEndpoint schema)
    {
        // The client keeps what a schema endpoint said per URI for the life of the process (docs/schema.md §5.1), so a
        // host on a port an earlier host of this test run had would inherit that host's answers: each host gets a port
        // no earlier one had (a colliding host stays bound until the next one is, so the same port is not handed out again).
        var rejected = new List<SchemaServerHost>();
        try
        {
            while (true)
            {
                var host = await StartOnceAsync(schema);
                if (UsedPorts.TryAdd(host.BaseAddress.Port, 0))
                {
                    return host;
                }

                rejected.Add(host);
            }
        }
        finally
        {
            foreach (var host in rejected)
            {
                await host.DisposeAsync();
            }
        }
    }

    private static async Task<SchemaServerHost> StartOnceAsync(SchemaEndpoint schema)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddPack();
        builder.Services.AddProblemDetails();

        var app = builder.Build();
        SchemaServerHost? host = null;
        string schemaPath = schema == SchemaEndpoint.Custom ? CustomPath : PackSchema.DefaultEndpointPath;
        app.Use(async (context, next) =>
        {
            if (context.Request.Path.Equals(schemaPath, StringComparison.Ordinal))
            {
                Interlocked.Increment(ref host!._schemaRequests);
                host.IfNoneMatch.Enqueue(context.Request.Headers.IfNoneMatch.ToString());
                host.SchemaQueries.Enqueue(context.Request.QueryString.ToString());
            }

            else if (schema is not (SchemaEndpoint.Mapped or SchemaEndpoint.Missing))
            {
                // The hand-made endpoints stand for a server's MapPackSchema: they are advertised as it advertises itself
                // (docs/schema.md §5), on every other response.
                context.Response.Headers["Pack-Schema-Endpoint"] = schemaPath;
            }

            await next(context);
        });

        app.MapGet("/orders/same", () => PackResults.Ok(new ServerOrder { Id = 1, Customer = "Ada", Quantity = 3 }));
        app.MapGet("/orders/appended", () => PackResults.Ok(new ServerOrderAppended { Id = 1, Customer = "Ada", Quantity = 3, Note = "new" }));
        app.MapGet("/orders/retyped", () => PackResults.Ok(new ServerOrderRetyped { Id = 1, Customer = "Ada", Quantity = 3 }));
        app.MapGet("/orders/reordered", () => PackResults.Ok(new ServerOrderReordered { Id = 1, Customer = "Ada", Quantity = 3 }));
        app.MapGet("/orders/removed", () => PackResults.Ok(new ServerOrderRemoved { Customer = "Ada", Quantity = 3 }));
        app.MapGet("/orders/appended/stream", (HttpContext http) =>
            PackResults.Stream(Produce(i => new ServerOrderAppended { Id = i, Customer = "Ada", Quantity = i, Note = "new" }, http.RequestAborted)));
        app.MapGet("/orders/retyped/stream", (HttpContext http) =>
            PackResults.Stream(Produce(i => new ServerOrderRetyped { Id = i, Customer = "Ada", Quantity = (uint)i }, http.RequestAborted)));

        switch (schema)
        {
            case SchemaEndpoint.Mapped:
                app.MapPackSchema();
                break;
            case SchemaEndpoint.Custom:
                app.MapGet(CustomPath, (HttpContext context) =>
                {
                    var set = host!._customSet;
                    string etag = $"\"{set.ContractFingerprint}\"";
                    context.Response.Headers.ETag = etag;
                    return context.Request.Headers.IfNoneMatch.ToString() == etag
                        ? Results.StatusCode(StatusCodes.Status304NotModified)
                        : Results.Bytes(Encoding.UTF8.GetBytes(set.ToJsonString()), "application/json");
                });
                break;
            case SchemaEndpoint.RoundRobin:
                app.MapGet(PackSchema.DefaultEndpointPath, (HttpContext context) =>
                {
                    var sets = host!._replicaSets;
                    var set = sets[(Interlocked.Increment(ref host._roundRobin) - 1) % sets.Length];
                    if (ReferenceEquals(set, NotServedSet))
                    {
                        return Results.Problem(
                            "not served",
                            statusCode: StatusCodes.Status404NotFound,
                            type: "urn:pack:problem:schema-not-served",
                            extensions: new Dictionary<string, object?> { ["wireSchema"] = context.Request.Query["wire"].ToString() });
                    }

                    string etag = $"\"{set.ContractFingerprint}\"";
                    context.Response.Headers.ETag = etag;
                    return context.Request.Headers.IfNoneMatch.ToString() == etag
                        ? Results.StatusCode(StatusCodes.Status304NotModified)
                        : Results.Bytes(Encoding.UTF8.GetBytes(set.ToJsonString()), "application/json");
                });
                break;
            case SchemaEndpoint.Malformed:
                app.MapGet(PackSchema.DefaultEndpointPath, () => Results.Text("""{"format":"pack-schema-set/1","schemas":[{"schema":{"types":"nope"}}]}""", "application/json"));
                break;
            case SchemaEndpoint.DuplicateMembers:
                app.MapGet(PackSchema.DefaultEndpointPath, () => Results.Text("""{"format":"pack-schema-set/1","schemas":[],"format":"pack-schema-set/1"}""", "application/json"));
                break;
            case SchemaEndpoint.Endless:
                app.MapGet(PackSchema.DefaultEndpointPath, async (HttpContext context) =>
                {
                    context.Response.ContentType = "application/json";
                    var spaces = new byte[64 * 1024];
                    spaces.AsSpan().Fill((byte)' ');
                    await context.Response.Body.WriteAsync("{\"format\":\"pack-schema-set/1\",\"schemas\":["u8.ToArray(), context.RequestAborted);
                    try
                    {
                        while (!context.RequestAborted.IsCancellationRequested)
                        {
                            await context.Response.Body.WriteAsync(spaces, context.RequestAborted);
                        }
                    }
                    catch (OperationCanceledException)
                    {
                        // The client stopped reading: what the test expects.
                    }
                });
                break;
        }

        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        host = new SchemaServerHost(app, new Uri(address + "/"));
        return host;
    }

    public HttpClient CreateClient() => new(new SocketsHttpHandler()) { BaseAddress = BaseAddress, Timeout = ServerProbe.Timeout };

    private static async IAsyncEnumerable<T> Produce<T>(Func<int, T> create, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 1; i <= 3; i++)
        {
            yield return create(i);
            await Task.Yield();
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
