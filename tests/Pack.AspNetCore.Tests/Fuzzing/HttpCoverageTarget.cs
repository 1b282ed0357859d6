using System.IO.Compression;
using System.Net;
using System.Net.Http.Headers;
using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Fuzzing;

/// <summary>
/// The HTTP body target of the coverage-guided fuzzer (<c>fuzz/Pack.Fuzz http</c>) and of the corpus replay: an
/// in-process app on <see cref="TestServer"/> (no sockets, so an exec costs a request, not a connection) with request
/// decompression, problem details, MVC actions and minimal endpoints. Input: byte 0 selects the endpoint, byte 1 the
/// headers (bits 0-1 Content-Encoding none/gzip/deflate/br, bits 2-3 Content-Type, bit 4 a malformed Accept), the rest
/// is the body. Invariant: the answer is 2xx, or 400/413/415 with <c>application/problem+json</c>.
/// </summary>
public sealed class HttpCoverageTarget : IAsyncDisposable
{
    /// <summary>The endpoints, MVC then minimal API, over the same types.</summary>
    public static IReadOnlyList<string> Paths { get; } =
    [
        "/mvc/organization", "/mvc/small", "/mvc/nullable-longs", "/mvc/set", "/mvc/map", "/mvc/decimals",
        "/min/organization", "/min/small", "/min/nullable-longs", "/min/set", "/min/map", "/min/decimals",
    ];

    private static readonly string?[] Encodings = [null, "gzip", "deflate", "br"];

    private static readonly string?[] ContentTypes = [PackMediaTypes.Pack, PackMediaTypes.Pack + "; charset=utf-8", "application/json", null];

    private readonly WebApplication app;
    private readonly HttpClient client;

    private HttpCoverageTarget(WebApplication app)
    {
        this.app = app;
        client = app.GetTestClient();
    }

    /// <summary>Starts the app. The Pack body limit is 64 KiB, so large inputs reach the 413 path too.</summary>
    /// <returns>The started target.</returns>
    public static async Task<HttpCoverageTarget> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.AddProblemDetails();
        builder.Services.AddRequestDecompression();
        builder.Services.AddPack(options => options.MaxRequestBodySize = 64 * 1024);
        builder.Services.AddControllers()
            .ConfigureApplicationPartManager(manager => manager.FeatureProviders.Add(new FuzzControllerProvider()))
            .AddPackFormatters(options => options.MaxRequestBodySize = 64 * 1024);
        var app = builder.Build();
        app.UseRequestDecompression();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.MapControllers();
        var group = app.MapGroup("/min");
        group.MapPost("/organization", (PackBody<Organization> body) => PackResults.Ok(body.Value.Id));
        group.MapPost("/small", (PackBody<SmallObject> body) => PackResults.Ok(body.Value.A));
        group.MapPost("/nullable-longs", (PackBody<long?[]> body) => PackResults.Ok(body.Value.Length));
        group.MapPost("/set", (PackBody<HashSet<long>> body) => PackResults.Ok(body.Value.Count));
        group.MapPost("/map", (PackBody<Dictionary<string, List<int>>> body) => PackResults.Ok(body.Value.Count));
        group.MapPost("/decimals", (PackBody<decimal?[]> body) => PackResults.Ok(body.Value.Length));
        await app.StartAsync().ConfigureAwait(false);
        return new HttpCoverageTarget(app);
    }

    /// <summary>Valid inputs: each endpoint with a valid body, plain and gzip, as the Pack and JSON content types.</summary>
    /// <returns>The seeds.</returns>
    public static IEnumerable<byte[]> Seeds()
    {
        object[] values =
        [
            new Organization { Id = 7, Tags = ["a", "测试"], Members = [new Member { Id = 1, Name = "n", Value = 2.5 }] },
            new SmallObject { A = 1, B = 2, C = 3, S1 = "x", S2 = "😀" },
            new long?[] { 1, null, long.MaxValue },
            new HashSet<long> { 1, 2, 3 },
            new Dictionary<string, List<int>> { ["k"] = [1, 2] },
            new decimal?[] { 1.5m, null },
        ];
        for (int i = 0; i < Paths.Count; i++)
        {
            var value = values[i % values.Length];
            var body = PackSerializer.Serialize(value, value.GetType());
            yield return [(byte)i, 0, .. body];
            yield return [(byte)i, 1, .. Gzip(body)];
        }
    }

    /// <summary>Posts one input and checks the answer.</summary>
    /// <param name="input">Endpoint byte, header byte, body.</param>
    /// <returns>The status code.</returns>
    /// <exception cref="InvalidOperationException">The answer broke the invariant.</exception>
    public async Task<HttpStatusCode> RunAsync(byte[] input)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (input.Length < 2)
        {
            return 0;
        }

        string path = Paths[input[0] % Paths.Count];
        int flags = input[1];
        using var content = new ByteArrayContent(input, 2, input.Length - 2);
        string? contentType = ContentTypes[(flags >> 2) & 3];
        if (contentType is not null)
        {
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        }

        if (Encodings[flags & 3] is string encoding)
        {
            content.Headers.ContentEncoding.Add(encoding);
        }

        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.TryAddWithoutValidation("Accept", (flags & 16) != 0 ? "application/x-pack;q=,,;;" : PackMediaTypes.Pack);
        using var response = await client.SendAsync(request).ConfigureAwait(false);
        var text = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
        int status = (int)response.StatusCode;
        if (status is >= 200 and < 300)
        {
            return response.StatusCode;
        }

        if (status is not (400 or 413 or 415) || response.Content.Headers.ContentType?.MediaType != "application/problem+json")
        {
            throw new InvalidOperationException(
                $"{path} (Content-Type {contentType ?? "none"}, Content-Encoding {Encodings[flags & 3] ?? "none"}): {status} {response.Content.Headers.ContentType}: {text}");
        }

        return response.StatusCode;
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        client.Dispose();
        await app.StopAsync().ConfigureAwait(false);
        await app.DisposeAsync().ConfigureAwait(false);
    }

    private static byte[] Gzip(byte[] body)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(body);
        }

        return output.ToArray();
    }

    private sealed class FuzzControllerProvider : IApplicationFeatureProvider<ControllerFeature>
    {
        public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature) =>
            feature.Controllers.Add(typeof(HttpFuzzController).GetTypeInfo());
    }
}
