using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Samples.Contracts;
using Pack.Samples.Demo;
using Pack.Samples.WebApi.Aot;
using Pack.Streaming;

namespace Pack.Samples.Tests;

/// <summary>
/// The Native AOT sample run on the JIT: it must answer exactly as the MVC sample does, byte for byte in Pack and in
/// JSON, so the demo (and any client) cannot tell them apart. CI runs the same demo against the native binary.
/// </summary>
public sealed class AotSampleApiTests(AotSampleApiFactory aot, SampleApiFactory mvc) : IClassFixture<AotSampleApiFactory>, IClassFixture<SampleApiFactory>
{
    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/api/orders/1")]
    [InlineData("/api/organizations/10")]
    [InlineData("/minimal/orders/1")]
    [InlineData("/minimal/organizations/25")]
    public async Task Get_AcceptPack_SameBytesAsMvcSample(string path)
    {
        (HttpResponseMessage Response, byte[] Body) expected = await GetAsync(mvc.CreateClient(), path, PackMediaTypes.Pack);
        (HttpResponseMessage Response, byte[] Body) actual = await GetAsync(aot.CreateClient(), path, PackMediaTypes.Pack);

        Assert.Equal(HttpStatusCode.OK, actual.Response.StatusCode);
        Assert.Equal(PackMediaTypes.Pack, actual.Response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected.Body, actual.Body);
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/api/orders/2")]
    [InlineData("/api/organizations/10")]
    [InlineData("/api/members/stream?count=3")]
    [InlineData("/minimal/orders/1")]
    [InlineData("/minimal/organizations/10")]
    public async Task Get_NoAccept_SameJsonAsMvcSample(string path)
    {
        (HttpResponseMessage Response, byte[] Body) expected = await GetAsync(mvc.CreateClient(), path, accept: null);
        (HttpResponseMessage Response, byte[] Body) actual = await GetAsync(aot.CreateClient(), path, accept: null);

        Assert.Equal(HttpStatusCode.OK, actual.Response.StatusCode);
        Assert.Equal("application/json", actual.Response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(System.Text.Encoding.UTF8.GetString(expected.Body), System.Text.Encoding.UTF8.GetString(actual.Body));
    }

    [Fact]
    public async Task StreamMembers_AcceptPackStream_YieldsSampleMembersFrameByFrame()
    {
        using HttpClient client = aot.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/members/stream?count=5");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.PackStream));

        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, CancellationToken.None);
        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        await using Stream body = await response.Content.ReadAsStreamAsync(CancellationToken.None);
        var members = new List<byte[]>();
        await foreach (Member? member in PackStream.ReadAsync<Member>(body, options: null, CancellationToken.None))
        {
            members.Add(PackSerializer.Serialize(member));
        }

        Assert.Equal(5, members.Count);
        for (var i = 0; i < members.Count; i++)
        {
            Assert.Equal(PackSerializer.Serialize(SampleData.Member(i + 1)), members[i]);
        }
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/minimal/orders")]
    public async Task PostOrder_PackBody_Returns201WithPackOrder(string path)
    {
        // A fresh app: the shared one must keep its seeded orders for the byte comparisons.
        await using var fresh = new AotSampleApiFactory();
        using HttpClient client = fresh.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = PackBodyOf(ValidRequest()) };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Order? order = PackSerializer.Deserialize<Order>(await response.Content.ReadAsByteArrayAsync(CancellationToken.None));
        Assert.NotNull(order);
        Assert.Equal("AOT customer", order.Customer);
        Assert.Equal(2 * 4.5m, order.Total);
        Assert.Equal($"{path}/{order.Id}", response.Headers.Location?.OriginalString);
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/minimal/orders")]
    public async Task PostOrder_InvalidPackBody_Returns400ProblemWithFieldErrors(string path)
    {
        CreateOrderRequest invalid = ValidRequest();
        invalid.Customer = "x";
        invalid.Lines[0].Quantity = 0;
        using HttpClient client = aot.CreateClient();

        using HttpResponseMessage response = await client.PostAsync(path, PackBodyOf(invalid), CancellationToken.None);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        string problem = await response.Content.ReadAsStringAsync(CancellationToken.None);
        Assert.Contains("\"Customer\"", problem, StringComparison.Ordinal);
        Assert.Contains("\"Lines[0].Quantity\"", problem, StringComparison.Ordinal);
    }

    [Fact]
    public async Task PostOrder_MalformedPackBody_Returns400NotServerError()
    {
        using HttpClient client = aot.CreateClient();
        using var content = new ByteArrayContent([0xFF, 0xFF, 0xFF]);
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);

        using HttpResponseMessage response = await client.PostAsync("/minimal/orders", content, CancellationToken.None);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task DemoRunner_AgainstAotSampleOnKestrel_EveryComparisonMatches()
    {
        // The CI step runs this demo against the native binary; here the same app runs on the JIT, on Kestrel on a free port.
        await using var app = AotSampleApp.BuildApp([], builder =>
        {
            builder.Logging.ClearProviders();
            builder.WebHost.UseUrls("http://127.0.0.1:0");
        });
        await app.StartAsync(CancellationToken.None);
        try
        {
            string url = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
            using var output = new StringWriter();

            int exitCode = await DemoRunner.RunAsync(["--url", url, "--iterations", "2"], output, CancellationToken.None);

            string text = output.ToString();
            Assert.True(exitCode == 0, text);
            Assert.Contains("Result: every JSON and Pack comparison matched.", text, StringComparison.Ordinal);
        }
        finally
        {
            await app.StopAsync(CancellationToken.None);
        }
    }

    [Fact]
    public async Task PackSchema_FromGeneratedConstants_ServesTheEndpointTypesAndIsAdvertised()
    {
        (HttpResponseMessage order, _) = await GetAsync(aot.CreateClient(), "/minimal/orders/1", PackMediaTypes.Pack);
        string fingerprint = Assert.Single(order.Headers.GetValues(Pack.Schema.PackSchema.HeaderName));
        // The sample maps the endpoint, so its Pack responses say where it is and clients check their reads against it.
        Assert.Equal("/pack/schema", Assert.Single(order.Headers.GetValues("Pack-Schema-Endpoint")));

        (HttpResponseMessage response, byte[] body) = await GetAsync(aot.CreateClient(), "/pack/schema", accept: null);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var set = Pack.Schema.PackSchemaSet.Parse(System.Text.Encoding.UTF8.GetString(body));
        Pack.Schema.PackSchema orderSchema = Assert.Single(set.Schemas, s => s.WireFingerprint == fingerprint);
        Assert.Equal(Pack.Schema.PackSchema.TryGetGenerated(typeof(Order), options: null, out var generated) ? generated.WireFingerprint : null, orderSchema.WireFingerprint);
        Assert.Contains(set.Endpoints, e => e.Method == "GET" && e.Route == "/minimal/orders/{id}"
            && e.Parameters.Any(p => p.Name == "id" && p.Type == "i32") && e.Response?.Type == orderSchema.Label);
        Assert.Contains(set.Endpoints, e => e.Method == "GET" && e.Route == "/api/members/stream" && e.Response is { Stream: true }
            && e.Parameters.Any(p => p.Name == "count" && p.Type == "i32" && p.Optional));

        (HttpResponseMessage wire, _) = await GetAsync(aot.CreateClient(), "/pack/schema?wire=" + fingerprint, accept: null);
        Assert.Equal(HttpStatusCode.OK, wire.StatusCode);
        (HttpResponseMessage unknown, _) = await GetAsync(aot.CreateClient(), "/pack/schema?wire=0123456789abcdef", accept: null);
        Assert.Equal(HttpStatusCode.NotFound, unknown.StatusCode);
    }

    private static async Task<(HttpResponseMessage Response, byte[] Body)> GetAsync(HttpClient client, string path, string? accept)
    {
        using (client)
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, path);
            if (accept is not null)
            {
                request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
            }

            HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
            return (response, await response.Content.ReadAsByteArrayAsync(CancellationToken.None));
        }
    }

    [Theory]
    [InlineData("br")]
    [InlineData("gzip")]
    [InlineData("deflate")]
    public async Task PostOrder_UndecodableCompressedBody_Returns400Problem(string encoding)
    {
        using HttpClient client = aot.CreateClient();
        using var content = new ByteArrayContent([0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8]);
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        content.Headers.ContentEncoding.Add(encoding);

        using HttpResponseMessage response = await client.PostAsync("/minimal/orders", content, CancellationToken.None);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task PostOrder_GzipPackBody_Returns201()
    {
        using HttpClient client = aot.CreateClient();
        using var compressed = new MemoryStream();
        using (var gzip = new System.IO.Compression.GZipStream(compressed, System.IO.Compression.CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(PackSerializer.Serialize(ValidRequest()));
        }

        using var content = new ByteArrayContent(compressed.ToArray());
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        content.Headers.ContentEncoding.Add("gzip");

        using HttpResponseMessage response = await client.PostAsync("/minimal/orders", content, CancellationToken.None);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
    }

    private static ByteArrayContent PackBodyOf(CreateOrderRequest request)
    {
        var content = new ByteArrayContent(PackSerializer.Serialize(request));
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        return content;
    }

    private static CreateOrderRequest ValidRequest() => new()
    {
        Customer = "AOT customer",
        Status = OrderStatus.Pending,
        Lines = [new OrderLine { Sku = "SKU-AOT", Quantity = 2, UnitPrice = 4.5m }],
    };
}
