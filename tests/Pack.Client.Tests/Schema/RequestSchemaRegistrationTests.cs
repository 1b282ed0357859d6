using System.Net;
using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// The client's side of the request schema check (docs/schema.md §5.2) against a real Kestrel server: the header on
/// every Pack body, registration and one resend after a 412, a 409 surfaced with its violations, and the off switch.
/// </summary>
public sealed class RequestSchemaRegistrationTests
{
    private static readonly SchemaClientOrderAppended Appended = new() { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" };

    [Fact]
    public void Create_PackContentAndStreamContent_CarryTheWireFingerprintOfTheirType()
    {
        using var content = PackContent.Create(Appended);
        using var stream = PackStreamContent.Create(Items(Appended));

        string expected = PackSchema.For(typeof(SchemaClientOrderAppended)).WireFingerprint;
        Assert.Equal([expected], content.Headers.GetValues(PackSchema.HeaderName));
        Assert.Equal([expected], stream.Headers.GetValues(PackSchema.HeaderName));
    }

    [Fact]
    public async Task PostAsPackAsync_SendsTheHeader()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = server.CreateClient();

        string? header = await client.PostAsPackAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Header, Appended);

        Assert.Equal(PackSchema.For(typeof(SchemaClientOrderAppended)).WireFingerprint, header);
    }

    [Fact]
    public async Task PostAsPackAsync_UnknownCompatibleSchema_RegistersOnceAndResends()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = server.CreateClient();

        string? first = await client.PostAsPackAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Order, Appended);
        string? second = await client.PostAsPackAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Order, Appended);

        Assert.Equal("7|ada|3.25", first);
        Assert.Equal("7|ada|3.25", second);
        Assert.Equal(1, server.Registrations);
        Assert.Equal(3, server.Requests["POST " + RequestSchemaServer.Order]); // 412, its resend, the second call
    }

    [Fact]
    public async Task NegotiationHandler_UnknownCompatibleSchema_RegistersAndResendsTheSameRequest()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = server.CreateNegotiatingClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, RequestSchemaServer.Order) { Content = PackContent.Create(Appended) };

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("7|ada|3.25", await response.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PostAsPackAsync_IncompatibleSchema_ThrowsPackApiExceptionWithTheViolations(bool negotiating)
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = negotiating ? server.CreateNegotiatingClient() : server.CreateClient();

        var exception = await Assert.ThrowsAsync<PackApiException>(() =>
            client.PostAsPackAsync<SchemaClientOrderRetyped, string>(RequestSchemaServer.Order, new SchemaClientOrderRetyped { Id = 1, Total = 2.5 }));

        Assert.Equal(HttpStatusCode.Conflict, exception.StatusCode);
        Assert.Equal(PackRequestSchemaProtocol.IncompatibleProblemType, exception.Problem?.Type);
        var violation = Assert.Single(exception.Problem!.GetSchemaViolations());
        Assert.Equal(PackSchemaRules.MemberRetyped, violation.RuleId);
        Assert.Equal("$.Total", violation.Path);
        Assert.Equal(1, server.Registrations);
    }

    [Fact]
    public async Task PostAsPackStreamAsync_UnknownSchema_Fails412ThenTheNextCallIsRead()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = server.CreateClient();

        var exception = await Assert.ThrowsAsync<PackApiException>(() =>
            client.PostAsPackStreamAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Orders, Items(Appended, Appended)));
        string? second = await client.PostAsPackStreamAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Orders, Items(Appended, Appended));

        Assert.Equal(HttpStatusCode.PreconditionFailed, exception.StatusCode);
        Assert.Equal(PackRequestSchemaProtocol.UnknownProblemType, exception.Problem?.Type);
        Assert.Equal("7|ada|3.25;7|ada|3.25", second);
        Assert.Equal(1, server.Registrations);
    }

    [Fact]
    public async Task PostAsPackAsync_SendRequestSchemaOff_SendsNoHeaderAndIsReadUnchecked()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        using var client = server.CreateClient();
        var options = new PackClientOptions { SendRequestSchema = false };

        string? header = await client.PostAsPackAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Header, Appended, options);
        string? read = await client.PostAsPackAsync<SchemaClientOrderAppended, string>(RequestSchemaServer.Order, Appended, options);

        Assert.Equal(string.Empty, header);
        Assert.Equal("7|ada|3.25", read);
        Assert.Equal(0, server.Registrations);
    }

    [Theory]
    [InlineData("http://other.example/pack/schema", false)]
    [InlineData("https://api.example/pack/schema", false)]
    [InlineData("http://api.example:8080/pack/schema", false)]
    [InlineData("//other.example/pack/schema", false)]
    [InlineData("http://API.example:80/pack/schema", true)]
    [InlineData("/pack/schema", true)]
    public async Task PostAsPackAsync_412NamingAnEndpoint_RegistersOnlyOnTheRequestsOrigin(string endpoint, bool registers)
    {
        using var handler = new UnknownSchemaHandler(endpoint);
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://api.example/") };

        var exception = await Assert.ThrowsAsync<PackApiException>(() => client.PostAsPackAsync<SchemaClientOrderAppended, string>("orders", Appended));

        Assert.Equal(HttpStatusCode.PreconditionFailed, exception.StatusCode);
        Assert.Equal(PackRequestSchemaProtocol.UnknownProblemType, exception.Problem?.Type);
        string[] expected = registers
            ? ["POST http://api.example/orders", "POST http://api.example/pack/schema", "POST http://api.example/orders"]
            : ["POST http://api.example/orders"];
        Assert.Equal(expected, handler.Sent);
    }

    private static async IAsyncEnumerable<T> Items<T>(params T[] items)
    {
        foreach (var item in items)
        {
            await Task.Yield();
            yield return item;
        }
    }

    /// <summary>Answers every Pack body with the 412 of an unknown schema naming <c>endpoint</c>, and a registration with 200.</summary>
    private sealed class UnknownSchemaHandler(string endpoint) : HttpMessageHandler
    {
        public List<string> Sent { get; } = [];

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Sent.Add($"{request.Method} {request.RequestUri}");
            if (request.Content?.Headers.ContentType?.MediaType == "application/json")
            {
                return Task.FromResult(new HttpResponseMessage(HttpStatusCode.OK));
            }

            string problem = $$"""{"type":"{{PackRequestSchemaProtocol.UnknownProblemType}}","status":412,"{{PackRequestSchemaProtocol.SchemaEndpointMember}}":"{{endpoint}}"}""";
            return Task.FromResult(new HttpResponseMessage(HttpStatusCode.PreconditionFailed)
            {
                Content = new StringContent(problem, System.Text.Encoding.UTF8, "application/problem+json"),
            });
        }
    }
}
