using Microsoft.Extensions.DependencyInjection;
using Pack.Client;
using Pack.Client.Tests.Schema;
using Pack.Schema;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>A Refit client checks each Pack response's <c>Pack-Schema</c> before it reads (docs/schema.md §5.1), on real Kestrel.</summary>
public sealed class SchemaRefitTests
{
    [Fact]
    public async Task Get_AppendedMember_ReadsAndFetchesTheSchemaOnce()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<ISchemaApi>();

        for (int i = 0; i < 4; i++)
        {
            var order = await api.GetCountedAsync("appended");
            Assert.Equal((1, "Ada", 3), (order.Id, order.Customer, order.Quantity));
        }

        Assert.Equal(1, host.SchemaRequests);
    }

    [Theory]
    [InlineData("retyped", PackSchemaRules.MemberRetyped, "$.Quantity")]
    [InlineData("reordered", PackSchemaRules.MemberReordered, "$.Id")]
    [InlineData("removed", PackSchemaRules.MemberRemoved, "$.Id")]
    public async Task Get_IncompatibleContract_ThrowsMismatchListingTheViolations(string version, string ruleId, string path)
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<ISchemaApi>();

        var ex = await ThrowsWrappedMismatchAsync(() => api.GetAsync(version));

        Assert.Contains(ex.Violations, v => v.RuleId == ruleId && v.Path == path);
        Assert.Equal(PackSchema.For(typeof(ClientOrder)).WireFingerprint, ex.ReaderFingerprint);
    }

    [Fact]
    public async Task Stream_IncompatibleItems_ThrowsBeforeTheFirstItem()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<ISchemaApi>();
        var items = new List<ClientOrder?>();

        // An IAsyncEnumerable<T> method is not wrapped: the exception surfaces from the enumeration.
        var ex = await Assert.ThrowsAsync<PackSchemaMismatchException>(async () =>
        {
            await foreach (var item in api.StreamAsync("retyped"))
            {
                items.Add(item);
            }
        });
        var appended = new List<int>();
        await foreach (var item in api.StreamAsync("appended"))
        {
            appended.Add(item.Id);
        }

        Assert.Empty(items);
        Assert.Equal(PackSchemaRules.MemberRetyped, Assert.Single(ex.Violations).RuleId);
        Assert.Equal([1, 2, 3], appended);
    }

    [Fact]
    public async Task Collect_IncompatibleStreamItems_Throws()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<ISchemaApi>();

        var ex = await ThrowsWrappedMismatchAsync(() => api.CollectAsync("retyped"));

        Assert.Equal(typeof(ClientOrder), ex.ReaderType);
    }

    [Fact]
    public async Task Get_CheckTurnedOff_ReadsTheRetypedMemberWithoutTheSchema()
    {
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Mapped);
        await using var provider = CreateProvider(host, options => options.CheckResponseSchema = false);
        var api = provider.GetRequiredService<ISchemaApi>();

        var order = await api.GetAsync("retyped");

        Assert.Equal(3, order.Quantity);
        Assert.Equal(0, host.SchemaRequests);
    }

    [Fact]
    public async Task Get_NoSchemaEndpoint_ReadsByDefaultWithoutSendingALookup()
    {
        // The server maps no MapPackSchema, so it advertises no Pack-Schema-Endpoint (docs/schema.md §5): no lookup.
        await using var host = await SchemaServerHost.StartAsync(SchemaEndpoint.Missing);
        await using var provider = CreateProvider(host);
        var api = provider.GetRequiredService<ISchemaApi>();

        var order = await api.GetAsync("appended");

        Assert.Equal(3, order.Quantity);
        Assert.Equal(0, host.SchemaRequests);
    }

    // Refit wraps what its serializer throws for a Task<T> method in an ApiException ("An error occured deserializing the
    // response"); the mismatch is its inner exception.
    private static async Task<PackSchemaMismatchException> ThrowsWrappedMismatchAsync(Func<Task> call)
    {
        var thrown = await Assert.ThrowsAsync<ApiException>(call);
        return Assert.IsType<PackSchemaMismatchException>(thrown.InnerException);
    }

    private static ServiceProvider CreateProvider(SchemaServerHost host, Action<PackClientOptions>? configureOptions = null)
    {
        var services = new ServiceCollection();
        services.AddPackRefitClient<ISchemaApi>(client => client.BaseAddress = host.BaseAddress, configureOptions: configureOptions)
            .ConfigurePrimaryHttpMessageHandler(static () => new SocketsHttpHandler());
        return services.BuildServiceProvider();
    }

    public sealed class CountedScope;
}
