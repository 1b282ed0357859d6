using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// The client's check of a response's <c>Pack-Schema</c> (docs/schema.md §5.1) against Pack.AspNetCore on real Kestrel:
/// the server writes versions of an order contract, the client reads them with its own <see cref="ClientOrder"/>.
/// </summary>
public sealed class ResponseSchemaCheckTests
{
    [Fact]
    public async Task GetFromPackAsync_SameShapeUnderAnotherName_ReadsWithoutAskingForTheSchema()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder>("orders/same");

        Assert.Equal((1, "Ada", 3), (order!.Id, order.Customer, order.Quantity));
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_AppendedMember_ReadsAndFetchesTheSchemaOnceForManyCalls()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        for (int i = 0; i < 5; i++)
        {
            var order = await http.GetFromPackAsync<ClientOrder<AppendedScope>>("orders/appended");
            Assert.Equal((1, "Ada", 3), (order!.Id, order.Customer, order.Quantity));
        }

        Assert.Equal(1, host.SchemaRequests);
    }

    [Theory]
    [InlineData("retyped", typeof(ServerOrderRetyped), PackSchemaRules.MemberRetyped, "$.Quantity")]
    [InlineData("reordered", typeof(ServerOrderReordered), PackSchemaRules.MemberReordered, "$.Id")]
    [InlineData("removed", typeof(ServerOrderRemoved), PackSchemaRules.MemberRemoved, "$.Id")]
    public async Task GetFromPackAsync_IncompatibleContract_ThrowsMismatchListingTheViolations(string version, Type serverType, string ruleId, string path)
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder>($"orders/{version}"));

        Assert.Contains(ex.Violations, v => v.RuleId == ruleId && v.Path == path);
        Assert.Equal(typeof(ClientOrder), ex.ReaderType);
        Assert.Equal(PackSchema.For(typeof(ClientOrder)).WireFingerprint, ex.ReaderFingerprint);
        Assert.Equal(PackSchema.For(serverType).WireFingerprint, ex.WriterFingerprint);
        Assert.Contains($"{ruleId} at {path}", ex.Message, StringComparison.Ordinal);
        Assert.Null(ex.InnerException);
    }

    [Fact]
    public async Task GetFromPackAsync_IncompatibleContractOnEveryCall_FetchesTheSchemaOnce()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        for (int i = 0; i < 3; i++)
        {
            var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<IncompatibleScope>>("orders/retyped"));
            Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
        }

        Assert.Equal(1, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_CheckTurnedOffPerCall_ReadsTheRetypedMemberSilently()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder>("orders/retyped", new PackClientOptions { CheckResponseSchema = false });

        Assert.Equal(3, order!.Quantity);
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsAsyncEnumerable_IncompatibleItems_ThrowsBeforeTheFirstItem()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();
        var items = new List<ClientOrder?>();

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(async () =>
        {
            await foreach (var item in http.GetFromPackAsAsyncEnumerable<ClientOrder>("orders/retyped/stream"))
            {
                items.Add(item);
            }
        });

        Assert.Empty(items);
        Assert.Equal(PackSchema.For(typeof(ServerOrderRetyped)).WireFingerprint, ex.WriterFingerprint);
        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
    }

    [Fact]
    public async Task GetFromPackAsAsyncEnumerable_AppendedMember_ReadsEveryItem()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();
        var ids = new List<int>();

        await foreach (var item in http.GetFromPackAsAsyncEnumerable<ClientOrder>("orders/appended/stream"))
        {
            ids.Add(item!.Id);
        }

        Assert.Equal([1, 2, 3], ids);
    }

    [Fact]
    public async Task GetFromPackAsync_StreamCollectedIntoAList_ChecksTheItemType()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        var appended = await http.GetFromPackAsync<List<ClientOrder>>("orders/appended/stream");
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<List<ClientOrder>>("orders/retyped/stream"));

        Assert.Equal(3, appended!.Count);
        Assert.Equal(typeof(ClientOrder), ex.ReaderType);
    }

    [Fact]
    public async Task AddPackHttpClient_TypedClient_ReadsAppendedAndRefusesIncompatible()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        var services = new ServiceCollection();
        services.AddPackHttpClient<OrdersClient>(client => client.BaseAddress = host.BaseAddress);
        await using var provider = services.BuildServiceProvider();
        var orders = provider.GetRequiredService<OrdersClient>();

        var appended = await orders.GetAsync("appended");
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => orders.GetAsync("removed"));

        Assert.Equal("Ada", appended!.Customer);
        Assert.Contains(ex.Violations, v => v.RuleId == PackSchemaRules.MemberRemoved);
    }

    [Fact]
    public async Task AddPackHttpClient_CheckTurnedOffForTheClient_ReadsWithoutTheSchema()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        var services = new ServiceCollection();
        services.AddPackHttpClient<OrdersClient>(client => client.BaseAddress = host.BaseAddress, options => options.CheckResponseSchema = false);
        await using var provider = services.BuildServiceProvider();

        var order = await provider.GetRequiredService<OrdersClient>().GetAsync("retyped");

        Assert.Equal(3, order!.Quantity);
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_NoSchemaEndpoint_ReadsByDefaultWithoutSendingALookupToTheApp()
    {
        // A server without MapPackSchema advertises no endpoint (docs/schema.md §5): no GET /pack/schema?wire=… reaches
        // the app's pipeline (its handlers, logs and metrics), however many calls read another contract.
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        using var http = host.CreateClient();

        for (int i = 0; i < 5; i++)
        {
            using var response = await GetPackAsync(http, "orders/appended");
            Assert.True(response.Headers.Contains(PackSchema.HeaderName));
            Assert.False(response.Headers.Contains(PackResponseSchemaProtocol.EndpointHeaderName));
            var order = await http.GetFromPackAsync<ClientOrder<MissingScope>>("orders/appended");
            Assert.Equal(3, order!.Quantity);
        }

        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_NoSchemaEndpointButConfiguredPath_AsksThereOnceForManyCalls()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        using var http = host.CreateClient();
        var options = new PackClientOptions { SchemaPath = PackSchema.DefaultEndpointPath };

        for (int i = 0; i < 5; i++)
        {
            var order = await http.GetFromPackAsync<ClientOrder<MissingConfiguredScope>>("orders/appended", options);
            Assert.Equal(3, order!.Quantity);
        }

        Assert.Equal(1, host.SchemaRequests);
    }

    [Fact]
    public async Task PackResults_MappedSchemaEndpoint_AdvertisesItBesidePackSchema()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();

        using var response = await GetPackAsync(http, "orders/appended");

        Assert.True(response.Headers.Contains(PackSchema.HeaderName));
        Assert.Equal(PackSchema.DefaultEndpointPath, Assert.Single(response.Headers.GetValues(PackResponseSchemaProtocol.EndpointHeaderName)));
    }

    [Fact]
    public async Task GetFromPackAsync_NoSchemaEndpointAndThrow_ThrowsMismatchWithoutViolations()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        using var http = host.CreateClient();
        var options = new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw };

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<MissingThrowScope>>("orders/appended", options));

        Assert.Empty(ex.Violations);
        Assert.Contains(PackResponseSchemaProtocol.EndpointHeaderName, ex.Message, StringComparison.Ordinal);
        Assert.Equal(0, host.SchemaRequests);
        Assert.Equal(PackSchema.For(typeof(ServerOrderAppended)).WireFingerprint, ex.WriterFingerprint);
    }

    [Fact]
    public async Task GetFromPackAsync_MalformedSchemaSet_ReadsByDefaultOrThrowsWithTheParseError()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Malformed);
        using var http = host.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder<MalformedScope>>("orders/appended");
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() =>
            http.GetFromPackAsync<ClientOrder<MalformedThrowScope>>("orders/appended", new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw }));

        Assert.Equal(3, order!.Quantity);
        Assert.Empty(ex.Violations);
        Assert.NotNull(ex.InnerException);
        Assert.IsNotType<HttpRequestException>(ex.InnerException);
    }

    [Fact]
    public async Task GetFromPackAsync_SchemaSetWithTwoMembersOfOneName_IsUnavailableWithAFormatExceptionNamingThem()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.DuplicateMembers);
        using var http = host.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder<DuplicateMembersScope>>("orders/appended");
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() =>
            http.GetFromPackAsync<ClientOrder<DuplicateMembersThrowScope>>("orders/appended", new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw }));

        Assert.Equal(3, order!.Quantity);
        var parseError = Assert.IsType<FormatException>(ex.InnerException);
        Assert.Equal("$: the member \"format\" is given twice", parseError.Message);
    }

    [Fact]
    public async Task GetFromPackAsync_SchemaSetThatNeverEnds_StopsReadingAtTheLimitAndReadsOrThrows()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Endless);
        using var http = host.CreateClient();

        var order = await http.GetFromPackAsync<ClientOrder<EndlessScope>>("orders/appended");
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() =>
            http.GetFromPackAsync<ClientOrder<EndlessThrowScope>>("orders/appended", new PackClientOptions { SchemaUnavailable = PackSchemaUnavailableBehavior.Throw }));

        Assert.Equal(3, order!.Quantity);
        Assert.Empty(ex.Violations);
        Assert.IsType<HttpRequestException>(ex.InnerException);
        Assert.Contains("buffer", ex.InnerException!.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task GetFromPackAsync_SchemaEndpointUnreachable_ThrowsWithTheNetworkErrorWhenAskedTo()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();
        // Port 1 on the loopback address: nothing listens, the connection is refused.
        var options = new PackClientOptions { SchemaPath = "http://127.0.0.1:1/pack/schema", SchemaUnavailable = PackSchemaUnavailableBehavior.Throw };

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<UnreachableScope>>("orders/appended", options));

        Assert.IsType<HttpRequestException>(ex.InnerException);
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_NewFingerprintAfterADeploy_AsksAgainWithIfNoneMatch()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Custom);
        using var http = host.CreateClient();
        var options = new PackClientOptions { SchemaPath = SchemaServerHost.CustomPath, SchemaUnavailable = PackSchemaUnavailableBehavior.Throw };
        host.Serve(typeof(ServerOrderAppended));
        string before = $"\"{new PackSchemaSet([PackSchema.For(typeof(ServerOrderAppended))]).ContractFingerprint}\"";

        await http.GetFromPackAsync<ClientOrder<DeployScope>>("orders/appended", options);
        host.Serve(typeof(ServerOrderAppended), typeof(ServerOrderRetyped));
        string after = $"\"{new PackSchemaSet([PackSchema.For(typeof(ServerOrderAppended)), PackSchema.For(typeof(ServerOrderRetyped))]).ContractFingerprint}\"";
        var retyped = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<DeployScope>>("orders/retyped", options));
        await http.GetFromPackAsync<ClientOrder<DeployScope>>("orders/appended", options);
        // Not in the set: the server answers 304 to the ETag the client holds, then the whole set to each retry without
        // it (another replica might have it), and no schema is to be had.
        var removed = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<DeployScope>>("orders/removed", options));

        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(retyped.Violations).RuleId);
        Assert.Empty(removed.Violations);
        Assert.Equal(["", before, after, "", "", ""], host.IfNoneMatch);
    }

    [Fact]
    public async Task ReadFromPackAsync_ContentWithItsResponse_IsCheckedAndWithoutItIsNot()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        using var http = host.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "orders/retyped");
        request.Headers.TryAddWithoutValidation("Accept", PackMediaTypes.Pack);
        using var response = await http.SendAsync(request);
        await response.Content.LoadIntoBufferAsync();

        var read = await response.Content.ReadFromPackAsync<ClientOrder>();
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => response.Content.ReadFromPackAsync<ClientOrder>(new PackResponseSchema(response, http), clientOptions: null));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(3, read!.Quantity);
        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
    }

    public sealed class OrdersClient(HttpClient http)
    {
        public Task<ClientOrder?> GetAsync(string version) => http.GetFromPackAsync<ClientOrder>($"orders/{version}");
    }

    private static async Task<HttpResponseMessage> GetPackAsync(HttpClient http, string path)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd("application/x-pack");
        return await http.SendAsync(request);
    }

    public sealed class AppendedScope;

    public sealed class IncompatibleScope;

    public sealed class MissingScope;

    public sealed class MissingConfiguredScope;

    public sealed class MissingThrowScope;

    public sealed class MalformedScope;

    public sealed class MalformedThrowScope;

    public sealed class DuplicateMembersScope;

    public sealed class DuplicateMembersThrowScope;

    public sealed class UnreachableScope;

    public sealed class EndlessScope;

    public sealed class EndlessThrowScope;

    public sealed class DeployScope;
}
