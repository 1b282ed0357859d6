using System.Net;
using System.Net.Http.Headers;
using Pack.Samples.Contracts;

namespace Pack.Samples.Tests;

public sealed class SampleApiTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/api/orders/1")]
    [InlineData("/api/organizations/10")]
    [InlineData("/api/members/stream?count=3")]
    [InlineData("/minimal/orders/1")]
    [InlineData("/minimal/organizations/10")]
    public async Task Get_NoAccept_ReturnsJson(string path)
    {
        using HttpClient client = factory.CreateClient();

        using HttpResponseMessage response = await client.GetAsync(path, CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("/api/orders", typeof(List<Order>))]
    [InlineData("/api/orders/1", typeof(Order))]
    [InlineData("/api/organizations/10", typeof(Organization))]
    [InlineData("/minimal/orders/1", typeof(Order))]
    [InlineData("/minimal/organizations/10", typeof(Organization))]
    public async Task Get_AcceptPack_ReturnsPackThatDeserializes(string path, Type type)
    {
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        byte[] body = await response.Content.ReadAsByteArrayAsync(CancellationToken.None);
        Assert.IsType(type, PackSerializer.Deserialize(body, type));
    }

    [Fact]
    public async Task GetOrganization_AcceptPack_EqualsSampleData()
    {
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/organizations/25");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);
        byte[] body = await response.Content.ReadAsByteArrayAsync(CancellationToken.None);

        Assert.Equal(PackSerializer.Serialize(SampleData.Organization(25)), body);
    }

    [Fact]
    public async Task GetOrder_Missing_Returns404ProblemJson()
    {
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/orders/999999");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/minimal/orders")]
    public async Task PostOrder_InvalidPackBody_Returns400ValidationProblem(string path)
    {
        using HttpClient client = factory.CreateClient();
        var invalid = new CreateOrderRequest { Customer = "X", Lines = [] };
        using var content = new ByteArrayContent(PackSerializer.Serialize(invalid));
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);

        using HttpResponseMessage response = await client.PostAsync(path, content, CancellationToken.None);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        string problem = await response.Content.ReadAsStringAsync(CancellationToken.None);
        Assert.Contains("Customer", problem, StringComparison.Ordinal);
        Assert.Contains("Lines", problem, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Healthz_ReturnsHealthy()
    {
        using HttpClient client = factory.CreateClient();

        string body = await client.GetStringAsync("/healthz", CancellationToken.None);

        Assert.Equal("Healthy", body);
    }

    [Fact]
    public async Task OpenApi_ListsPackMediaType()
    {
        using HttpClient client = factory.CreateClient();

        string document = await client.GetStringAsync("/openapi/v1.json", CancellationToken.None);

        Assert.Contains(PackMediaTypes.Pack, document, StringComparison.Ordinal);
    }

    [Fact]
    public async Task GetOrganization_AcceptPackAndGzip_IsCompressed()
    {
        using HttpClient client = factory.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/organizations/100");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
        request.Headers.AcceptEncoding.Add(new StringWithQualityHeaderValue("gzip"));

        using HttpResponseMessage response = await client.SendAsync(request, CancellationToken.None);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains("gzip", response.Content.Headers.ContentEncoding);
        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
    }
}
