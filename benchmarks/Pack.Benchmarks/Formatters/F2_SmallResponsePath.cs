using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Benchmarks.Http;

namespace Pack.Benchmarks.Formatters;

/// <summary>
/// H1_Small on the server after routing, in process: what one request costs from the matched endpoint's request delegate
/// to the bytes in the response pipe, for JSON and Pack, minimal APIs and MVC. The endpoints are those of the HTTP
/// benchmark server (<see cref="MinimalApiEndpoints"/>, <see cref="HttpWorkloadController"/> with
/// <c>AddControllers().AddPackFormatters()</c>), taken from a built (not started) app; each operation creates the request's
/// <see cref="HttpContext"/> through the app's <see cref="IHttpContextFactory"/> as hosting does, with the headers wrk and
/// h2load send (<c>Accept</c> from <c>external-load.sh</c>), sets the endpoint and route values as routing does, runs the
/// endpoint, and drains the response pipe. Connection, parsing, routing and header serialization are left out: they are
/// the same for both formats. JSON is the baseline of each category.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory(Category)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class F2_SmallResponsePath
{
    /// <summary>The category of the whole class, for <c>--anyCategories SmallResponse</c>.</summary>
    public const string Category = "SmallResponse";

    private const string Minimal = "Minimal";
    private const string Mvc = "Mvc";

    /// <summary>The <c>Accept</c> of Pack's own clients: Pack first, JSON for a server not upgraded yet.</summary>
    private const string PackClientAccept = PackMediaTypes.Pack + ", application/json;q=0.9";

    private readonly PipeResponseBodyFeature _body = new();
    private readonly HttpResponseFeature _response = new();
    private WebApplication _app = null!;
    private IHttpContextFactory _contexts = null!;
    private Request _ceiling = null!;
    private Request _minimalJson = null!;
    private Request _minimalPack = null!;
    private Request _minimalPackEndpointJson = null!;
    private Request _mvcJson = null!;
    private Request _mvcPack = null!;
    private Request _mvcPackClientAccept = null!;

    [GlobalSetup]
    public void Setup()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.Logging.ClearProviders();
        builder.Services.AddControllers()
            .AddApplicationPart(typeof(HttpWorkloadController).Assembly)
            .AddPackFormatters();
        _app = builder.Build();
        _app.MapControllers();
        MinimalApiEndpoints.Map(_app);
        _app.MapGet(HttpWorkloadPaths.Ceiling, static context =>
        {
            context.Response.StatusCode = StatusCodes.Status200OK;
            return Task.CompletedTask;
        });
        _contexts = _app.Services.GetRequiredService<IHttpContextFactory>();

        var endpoints = new List<RouteEndpoint>();
        foreach (var source in ((IEndpointRouteBuilder)_app).DataSources)
        {
            foreach (var endpoint in source.Endpoints)
            {
                if (endpoint is RouteEndpoint route)
                {
                    endpoints.Add(route);
                }
            }
        }

        _ceiling = new Request(Find(endpoints, HttpWorkloadPaths.Ceiling.Trim('/')), "application/json", routeValues: false);
        _minimalJson = new Request(Find(endpoints, HttpWorkloadPaths.MinimalJson + "/" + HttpWorkloadPaths.Small), "application/json", routeValues: false);
        _minimalPack = new Request(Find(endpoints, HttpWorkloadPaths.MinimalPack + "/" + HttpWorkloadPaths.Small), PackMediaTypes.Pack, routeValues: false);
        _minimalPackEndpointJson = new Request(Find(endpoints, HttpWorkloadPaths.MinimalPack + "/" + HttpWorkloadPaths.Small), "application/json", routeValues: false);
        _mvcJson = new Request(Find(endpoints, HttpWorkloadPaths.Prefix + "/" + HttpWorkloadPaths.Small), "application/json", routeValues: true);
        _mvcPack = new Request(Find(endpoints, HttpWorkloadPaths.Prefix + "/" + HttpWorkloadPaths.Small), PackMediaTypes.Pack, routeValues: true);
        _mvcPackClientAccept = new Request(Find(endpoints, HttpWorkloadPaths.Prefix + "/" + HttpWorkloadPaths.Small), PackClientAccept, routeValues: true);

        // Each path must answer as the server does, or the benchmark would time an error page.
        Check(_minimalJson, "application/json; charset=utf-8", 76);
        Check(_minimalPack, PackMediaTypes.Pack, 52);
        Check(_minimalPackEndpointJson, "application/json; charset=utf-8", 76);
        Check(_mvcJson, "application/json; charset=utf-8", 76);
        Check(_mvcPack, PackMediaTypes.Pack, 52);
        Check(_mvcPackClientAccept, PackMediaTypes.Pack, 52);
    }

    [GlobalCleanup]
    public async Task Cleanup() => await _app.DisposeAsync();

    /// <summary>H0, an empty 200 from a minimal API: what every request costs here before a body is written.</summary>
    [Benchmark, BenchmarkCategory(Minimal)]
    public Task<long> Minimal_Ceiling() => RunAsync(_ceiling);

    [Benchmark(Baseline = true), BenchmarkCategory(Minimal)]
    public Task<long> Minimal_Json() => RunAsync(_minimalJson);

    [Benchmark, BenchmarkCategory(Minimal)]
    public Task<long> Minimal_Pack() => RunAsync(_minimalPack);

    /// <summary>A <c>PackResults.Ok</c> endpoint asked for JSON (a client that does not speak Pack yet).</summary>
    [Benchmark, BenchmarkCategory(Minimal)]
    public Task<long> Minimal_PackEndpoint_Json() => RunAsync(_minimalPackEndpointJson);

    [Benchmark(Baseline = true), BenchmarkCategory(Mvc)]
    public Task<long> Mvc_Json() => RunAsync(_mvcJson);

    [Benchmark, BenchmarkCategory(Mvc)]
    public Task<long> Mvc_Pack() => RunAsync(_mvcPack);

    /// <summary>MVC asked with the <c>Accept</c> Pack.Client, Pack.Refit and the TypeScript client send (JSON as a fallback).</summary>
    [Benchmark, BenchmarkCategory(Mvc)]
    public Task<long> Mvc_Pack_ClientAccept() => RunAsync(_mvcPackClientAccept);

    private async Task<long> RunAsync(Request request)
    {
        var context = CreateContext(request);
        await request.Endpoint.RequestDelegate!(context);
        _contexts.Dispose(context);
        return _body.Drain();
    }

    private HttpContext CreateContext(Request request)
    {
        _response.Headers.Clear();
        _response.StatusCode = StatusCodes.Status200OK;
        _response.ReasonPhrase = null;

        var features = new FeatureCollection();
        features.Set<IHttpRequestFeature>(request.Feature);
        features.Set<IHttpResponseFeature>(_response);
        features.Set<IHttpResponseBodyFeature>(_body);
        var context = _contexts.Create(features);
        context.SetEndpoint(request.Endpoint);
        if (request.RouteValues)
        {
            // Routing copies the endpoint's required values (controller, action) into each request's route values.
            context.Request.RouteValues = new RouteValueDictionary(request.Endpoint.RoutePattern.RequiredValues);
        }

        return context;
    }

    private void Check(Request request, string contentType, int length)
    {
        var context = CreateContext(request);
        request.Endpoint.RequestDelegate!(context).GetAwaiter().GetResult();
        var status = context.Response.StatusCode;
        var actualType = context.Response.ContentType;
        _contexts.Dispose(context);
        var body = _body.DrainToArray();
        if (status != StatusCodes.Status200OK || actualType != contentType || body.Length != length)
        {
            throw new InvalidOperationException(
                $"{request.Endpoint.DisplayName} with Accept {request.Feature.Headers.Accept}: {status} {actualType}, {body.Length} bytes "
                + $"(expected 200 {contentType}, {length} bytes): {Encoding.UTF8.GetString(body)}");
        }
    }

    private static RouteEndpoint Find(List<RouteEndpoint> endpoints, string pattern)
    {
        foreach (var endpoint in endpoints)
        {
            if (endpoint.RoutePattern.RawText?.Trim('/') == pattern)
            {
                return endpoint;
            }
        }

        throw new InvalidOperationException($"No endpoint for /{pattern}.");
    }

    /// <summary>One request as wrk and h2load send it; the request feature is not written by the server, so it is reused.</summary>
    private sealed class Request(RouteEndpoint endpoint, string accept, bool routeValues)
    {
        public RouteEndpoint Endpoint { get; } = endpoint;

        public bool RouteValues { get; } = routeValues;

        public HttpRequestFeature Feature { get; } = new()
        {
            Protocol = "HTTP/1.1",
            Method = HttpMethods.Get,
            Scheme = "http",
            Path = endpoint.RoutePattern.RawText!.StartsWith('/') ? endpoint.RoutePattern.RawText : "/" + endpoint.RoutePattern.RawText,
            Headers = new HeaderDictionary
            {
                ["Host"] = "127.0.0.1:5080",
                ["Accept"] = accept,
            },
        };
    }
}
