using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>
/// The schema lookup behind a round-robin load balancer during a rolling deploy (docs/schema.md §5.1, steps 5 and 8):
/// the response comes from one replica, the schema request may reach another whose set lacks its fingerprint.
/// </summary>
public sealed class ResponseSchemaCheckReplicaTests
{
    private static readonly Type[] OldReplica = [typeof(ServerOrderAppended)];

    [Fact]
    public async Task GetFromPackAsync_IncompatibleReplicaFoundOnTheSecondAttempt_ThrowsMismatchListingTheViolations()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        host.ServeRoundRobin(OldReplica, [typeof(ServerOrderRetyped)]);
        string wire = PackSchema.For(typeof(ServerOrderRetyped)).WireFingerprint;

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<IncompatibleReplicaScope>>("orders/retyped"));

        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
        Assert.Equal(wire, ex.WriterFingerprint);
        Assert.Equal([$"?wire={wire}", $"?wire={wire}"], host.SchemaQueries);
    }

    [Fact]
    public async Task GetFromPackAsync_CompatibleReplicaFoundOnARetry_ReadsAndAsksWithoutIfNoneMatch()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        // A first lookup leaves the client holding the first replica's ETag: the retry must not send it (a 304 would
        // only repeat a set without the fingerprint).
        host.ServeRoundRobin([typeof(ServerOrderRetyped)], [typeof(ServerOrderRetyped)], [typeof(ServerOrderRetyped)], [typeof(ServerOrderAppended)]);
        string etag = $"\"{new PackSchemaSet([PackSchema.For(typeof(ServerOrderRetyped))]).ContractFingerprint}\"";
        await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<CompatibleReplicaScope>>("orders/retyped"));

        var order = await http.GetFromPackAsync<ClientOrder<CompatibleReplicaScope>>("orders/appended");

        Assert.Equal((1, "Ada", 3), (order!.Id, order.Customer, order.Quantity));
        Assert.Equal(["", etag, "", ""], host.IfNoneMatch);
    }

    [Fact]
    public async Task GetFromPackAsync_NoReplicaServesTheFingerprint_ThrowsAfterExactlyFourAttemptsAndWaitsAMinute()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        host.ServeRoundRobin(OldReplica, [typeof(ServerOrderRemoved)]);

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<NotServedScope>>("orders/retyped"));
        var again = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<NotServedScope>>("orders/retyped"));

        Assert.Empty(ex.Violations);
        Assert.Contains("answered 4 times without a schema", ex.Message, StringComparison.Ordinal);
        Assert.Contains(nameof(PackClientOptions.SchemaNotServed), ex.Message, StringComparison.Ordinal);
        Assert.Empty(again.Violations);
        Assert.Equal(PackResponseSchemaProtocol.MaxLookupAttempts, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_NoReplicaServesTheFingerprintAndRead_ReadsAfterExactlyFourAttempts()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        host.ServeRoundRobin([typeof(ServerOrderRetyped)], [typeof(ServerOrderRemoved)]);
        var options = new PackClientOptions { SchemaNotServed = PackSchemaUnavailableBehavior.Read };

        var order = await http.GetFromPackAsync<ClientOrder<NotServedReadScope>>("orders/appended", options);

        Assert.Equal((1, "Ada", 3), (order!.Id, order.Customer, order.Quantity));
        Assert.Equal(PackResponseSchemaProtocol.MaxLookupAttempts, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_ReplicaAnswersNotServedThenAnotherServesIt_ThrowsMismatch()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        host.ServeRoundRobin(SchemaServerHost.NotServed, [typeof(ServerOrderRetyped)]);

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<NotServedProblemScope>>("orders/retyped"));

        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
        Assert.Equal(2, host.SchemaRequests);
    }

    [Fact]
    public async Task GetFromPackAsync_EveryReplicaAnswersNotServed_ThrowsAfterFourAttemptsUnlikeAMissingEndpoint()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.RoundRobin);
        using var http = host.CreateClient();
        host.ServeRoundRobin(SchemaServerHost.NotServed);

        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(() => http.GetFromPackAsync<ClientOrder<AllNotServedScope>>("orders/appended"));

        Assert.Empty(ex.Violations);
        Assert.Contains(nameof(PackClientOptions.SchemaNotServed), ex.Message, StringComparison.Ordinal);
        Assert.Equal(PackResponseSchemaProtocol.MaxLookupAttempts, host.SchemaRequests);
    }

    public sealed class NotServedProblemScope;

    public sealed class AllNotServedScope;

    public sealed class IncompatibleReplicaScope;

    public sealed class CompatibleReplicaScope;

    public sealed class NotServedScope;

    public sealed class NotServedReadScope;
}
