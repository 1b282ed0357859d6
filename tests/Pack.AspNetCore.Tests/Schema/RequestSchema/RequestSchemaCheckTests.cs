using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

/// <summary>
/// The server's check of a request body's <c>Pack-Schema</c> (docs/schema.md §5.2) on real Kestrel, through MVC and
/// minimal APIs, for bodies and request streams: equal and compatible schemas are read, an incompatible one is 409, an
/// unknown one 412, all problem+json whatever <c>Accept</c> says.
/// </summary>
public sealed class RequestSchemaCheckTests
{
    public static TheoryData<string> Paths => new()
    {
        RequestSchemaHost.MvcOrder,
        RequestSchemaHost.MvcOrders,
        RequestSchemaHost.MinimalOrder,
        RequestSchemaHost.MinimalOrders,
    };

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_SameWireFingerprintFromAnotherType_IsRead(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrder { Id = 7, Customer = "ada", Total = 12.5m }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Expected(path, "7|ada|12.5"), await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_WithoutHeader_IsReadUnchecked(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 1m, Note = "n" }, fingerprint: null));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Expected(path, "7|ada|1"), await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_UnknownFingerprint_Answers412ProblemNamingTheRegistrationEndpoint(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderAppended { Id = 7, Note = "n" }, accept: PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.PreconditionFailed, response.StatusCode);
        using var problem = await ReadProblemAsync(response);
        var root = problem.RootElement;
        Assert.Equal(PackRequestSchemaProtocol.UnknownProblemType, root.GetProperty("type").GetString());
        Assert.Equal(412, root.GetProperty("status").GetInt32());
        Assert.Equal(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, root.GetProperty(PackRequestSchemaProtocol.SchemaEndpointMember).GetString());
        Assert.Equal(RequestSchemaHost.Fingerprint<ClientOrderAppended>(), root.GetProperty(PackRequestSchemaProtocol.WriterSchemaMember).GetString());
        Assert.Equal(RequestSchemaHost.Fingerprint<ServerOrder>(), root.GetProperty(PackRequestSchemaProtocol.ReaderSchemaMember).GetString());
        Assert.Equal(typeof(ServerOrder).FullName, root.GetProperty(PackRequestSchemaProtocol.SchemaTypeMember).GetString());
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_RegisteredAppendedMember_IsRead(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();
        using var registration = await host.RegisterAsync(typeof(ClientOrderAppended));
        Assert.Equal(HttpStatusCode.OK, registration.StatusCode);

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Expected(path, "7|ada|3.25"), await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_RegisteredShorterWriter_IsReadWithTheDefault(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();
        using var registration = await host.RegisterAsync(typeof(ClientOrderShorter));

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderShorter { Id = 7, Customer = "ada" }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Expected(path, "7|ada|0"), await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData(RequestSchemaHost.MvcOrder, typeof(ClientOrderRetyped), "$.Total")]
    [InlineData(RequestSchemaHost.MvcOrders, typeof(ClientOrderRetyped), "$.Total")]
    [InlineData(RequestSchemaHost.MinimalOrder, typeof(ClientOrderRetyped), "$.Total")]
    [InlineData(RequestSchemaHost.MinimalOrders, typeof(ClientOrderRetyped), "$.Total")]
    [InlineData(RequestSchemaHost.MvcOrder, typeof(ClientOrderRemoved), "$.Customer")]
    [InlineData(RequestSchemaHost.MinimalOrder, typeof(ClientOrderRemoved), "$.Customer")]
    public async Task Post_RegisteredIncompatibleWriter_Answers409ProblemWithTheViolations(string path, Type clientType, string violationPath)
    {
        await using var host = await RequestSchemaHost.StartAsync();
        using var registration = await host.RegisterAsync(clientType);
        Assert.Equal(HttpStatusCode.OK, registration.StatusCode);
        object value = Activator.CreateInstance(clientType)!;

        // Accept names only Pack, under MVC's strict negotiation: the problem is still written, as problem+json.
        using var response = await host.Client.SendAsync(Post(path, value, clientType, PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        using var problem = await ReadProblemAsync(response);
        var root = problem.RootElement;
        Assert.Equal(PackRequestSchemaProtocol.IncompatibleProblemType, root.GetProperty("type").GetString());
        var violation = Assert.Single(root.GetProperty(PackRequestSchemaProtocol.ViolationsMember).EnumerateArray());
        Assert.Equal(PackSchemaRules.MemberRetyped, violation.GetProperty("ruleId").GetString());
        Assert.Equal(violationPath, violation.GetProperty("path").GetString());
        Assert.False(string.IsNullOrEmpty(violation.GetProperty("message").GetString()));
    }

    [Fact]
    public async Task Post_KnownClientSchemaFromOptions_IsCheckedWithoutRegistration()
    {
        await using var host = await RequestSchemaHost.StartAsync(
            options => options.KnownClientSchemas.Add(PackSchema.For(typeof(ClientOrderRetyped))),
            mapSchema: false);

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderRetyped { Id = 1 }));

        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
    }

    [Fact]
    public async Task Post_UnknownFingerprintWithoutSchemaEndpoint_IsReadUnchecked()
    {
        // No endpoint to register at: a 412 could never be resolved, so the body is read as before the header existed.
        await using var host = await RequestSchemaHost.StartAsync(mapSchema: false);

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Expected(RequestSchemaHost.MinimalOrder, "7|ada|3.25"), await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_CheckTurnedOff_ReadsUnknownFingerprint(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync(options => options.CheckRequestSchema = false);

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 1m }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Theory]
    [InlineData(RequestSchemaHost.MvcOrder)]
    [InlineData(RequestSchemaHost.MinimalOrder)]
    [InlineData(RequestSchemaHost.MinimalOrders)]
    public async Task Post_MalformedHeader_Answers400Problem(string path)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrder { Id = 1 }, fingerprint: "not-a-fingerprint", accept: PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Register_AnswersTheFingerprintsTheServerComputed()
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.RegisterAsync(typeof(ClientOrderAppended), typeof(ClientOrderRetyped));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        using var answer = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(PackRequestSchemaProtocol.RegistrationFormat, answer.RootElement.GetProperty("format").GetString());
        string[] expected = [RequestSchemaHost.Fingerprint<ClientOrderAppended>(), RequestSchemaHost.Fingerprint<ClientOrderRetyped>()];
        string[] answered = [.. answer.RootElement.GetProperty("schemas").EnumerateArray().Select(s => s.GetProperty("wire").GetString()!)];
        Assert.Equal(expected.Order(StringComparer.Ordinal), answered.Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("{ not json")]
    [InlineData("[]")]
    [InlineData("{\"format\":\"pack-schema-set/1\",\"schemas\":[1]}")]
    [InlineData("{\"format\":\"pack-schema-set/1\",\"schemas\":[{\"schema\":{\"format\":\"pack-schema/1\",\"types\":[{\"kind\":\"list\",\"nullable\":true,\"element\":9}]}}]}")]
    [InlineData("{\"format\":\"pack-schema/1\",\"types\":[{\"kind\":\"primitive\",\"nullable\":false,\"primitive\":\"i32\",\"width\":4}]}\"")]
    public async Task Register_MalformedDocument_Answers400Problem(string json)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Json(json));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [InlineData("{\"format\":\"pack-schema/1\",\"types\":[{\"kind\":\"primitive\",\"nullable\":false,\"primitive\":\"i32\",\"width\":4,\"signed\":true}],\"format\":\"pack-schema/1\"}", "$: the member \"format\" is given twice")]
    [InlineData("{\"format\":\"pack-schema-set/1\",\"schemas\":[{\"schema\":{\"format\":\"pack-schema/1\",\"types\":[{\"kind\":\"primitive\",\"nullable\":false,\"primitive\":\"i32\",\"width\":4,\"signed\":true,\"\\u0073igned\":true}]}}]}", "schemas[0].schema.types[0]: the member \"signed\" is given twice")]
    public async Task Register_DocumentWithTwoMembersOfOneName_Answers400ProblemNamingThem(string json, string expected)
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Json(json));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Contains(expected, problem.RootElement.GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Register_ForgedFingerprint_Answers400Problem()
    {
        await using var host = await RequestSchemaHost.StartAsync();
        string set = new PackSchemaSet([PackSchema.For(typeof(ClientOrderRetyped))]).ToJsonString()
            .Replace(RequestSchemaHost.Fingerprint<ClientOrderRetyped>(), RequestSchemaHost.Fingerprint<ServerOrder>(), StringComparison.Ordinal);

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Json(set));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task Register_TooLarge_Answers413Problem()
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, Json(new string(' ', PackRequestSchemaProtocol.MaxRegistrationBytes + 1)));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Register_NotJson_Answers415Problem()
    {
        await using var host = await RequestSchemaHost.StartAsync();

        using var response = await host.Client.PostAsync(PackSchemaEndpointRouteBuilderExtensions.DefaultPattern, new StringContent("{}", Encoding.UTF8, "text/plain"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task Register_MoreThanTheBound_ForgetsOlderRegistrations()
    {
        await using var host = await RequestSchemaHost.StartAsync(options => options.MaxRegisteredClientSchemas = 1);
        using var first = await host.RegisterAsync(typeof(ClientOrderAppended));
        using var second = await host.RegisterAsync(typeof(ClientOrderShorter));

        using var forgotten = await host.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderAppended { Id = 1 }));
        using var kept = await host.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderShorter { Id = 1 }));

        Assert.Equal(HttpStatusCode.PreconditionFailed, forgotten.StatusCode);
        Assert.Equal(HttpStatusCode.OK, kept.StatusCode);
    }

    private static string Expected(string path, string one) => path.EndsWith('s') ? one + ";" + one : one;

    private static HttpRequestMessage Post(string path, object value, Type type, string accept)
    {
        var method = typeof(RequestSchemaHost).GetMethod(nameof(RequestSchemaHost.Post))!.MakeGenericMethod(type);
        return (HttpRequestMessage)method.Invoke(null, [path, value, string.Empty, accept])!;
    }

    private static StringContent Json(string json)
    {
        var content = new StringContent(json, Encoding.UTF8);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        return content;
    }

    private static async Task<JsonDocument> ReadProblemAsync(HttpResponseMessage response)
    {
        Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync());
    }
}
