using System.Net;
using System.Text;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

/// <summary>
/// Shared registrations (docs/schema.md §5.2): with <see cref="PackFormatterOptions.ShareClientSchemaRegistrations"/>,
/// two replicas (two Kestrel apps) that share one <see cref="IDistributedCache"/> accept a client registered with either,
/// on every Pack path; what the store holds is checked as a registration is, and a store that fails makes the schema
/// unknown (412), never a 5xx. Pack.Caching.Tests runs the same against a real redis-server.
/// </summary>
public sealed class SharedRegistrationTests
{
    public static TheoryData<string> Paths => RequestSchemaCheckTests.Paths;

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_RegisteredWithAnotherReplica_IsRead(string path)
    {
        var store = NewStore();
        await using var first = await StartReplicaAsync(store);
        await using var second = await StartReplicaAsync(store);
        using var registration = await first.RegisterAsync(typeof(ClientOrderAppended));
        Assert.Equal(HttpStatusCode.OK, registration.StatusCode);

        using var response = await second.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" }));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.StartsWith("7|ada|3.25", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.NotNull(await store.GetAsync(PackClientSchemaRegistry.SharedKeyPrefix + RequestSchemaHost.Fingerprint<ClientOrderAppended>()));
    }

    [Fact]
    public async Task Post_RegisteredWithAnotherReplicaWithoutSharing_Answers412()
    {
        var store = NewStore();
        await using var first = await StartReplicaAsync(store, share: false);
        await using var second = await StartReplicaAsync(store, share: false);
        using var registration = await first.RegisterAsync(typeof(ClientOrderAppended));

        using var response = await second.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderAppended { Id = 7, Note = "n" }));

        Assert.Equal(HttpStatusCode.PreconditionFailed, response.StatusCode);
        Assert.Null(await store.GetAsync(PackClientSchemaRegistry.SharedKeyPrefix + RequestSchemaHost.Fingerprint<ClientOrderAppended>()));
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Post_IncompatibleRegisteredWithAnotherReplica_Answers409(string path)
    {
        var store = NewStore();
        await using var first = await StartReplicaAsync(store);
        await using var second = await StartReplicaAsync(store);
        using var registration = await first.RegisterAsync(typeof(ClientOrderRetyped));

        using var response = await second.Client.SendAsync(RequestSchemaHost.Post(path, new ClientOrderRetyped()));

        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        Assert.Contains(PackSchemaRules.MemberRetyped, await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("garbage")]
    [InlineData("truncated")]
    [InlineData("another-schema")]
    [InlineData("huge")]
    public async Task Post_SharedEntryOverwritten_Answers412NeverMisread(string fault)
    {
        var store = NewStore();
        string fingerprint = RequestSchemaHost.Fingerprint<ClientOrderAppended>();
        string text = PackSchema.For(typeof(ClientOrderAppended)).ToWireForm().CanonicalText;
        byte[] entry = fault switch
        {
            "garbage" => [0xff, 0xfe, 0x00, 0x41],
            "truncated" => Encoding.UTF8.GetBytes(text[..(text.Length / 2)]),
            // A valid schema, but not the one of its key: its fingerprint is computed, never trusted.
            "another-schema" => Encoding.UTF8.GetBytes(PackSchema.For(typeof(ClientOrderShorter)).ToWireForm().CanonicalText),
            _ => new byte[PackRequestSchemaProtocol.MaxRegistrationBytes + 1],
        };
        await store.SetAsync(PackClientSchemaRegistry.SharedKeyPrefix + fingerprint, entry);
        await using var replica = await StartReplicaAsync(store);

        using var response = await replica.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MvcOrder, new ClientOrderAppended { Id = 7, Note = "n" }));

        Assert.Equal(HttpStatusCode.PreconditionFailed, response.StatusCode);
    }

    [Fact]
    public async Task RegisterAndPost_StoreFails_RegistrationKeptLocallyAndOtherReplicaAnswers412()
    {
        var store = new FailingStore();
        await using var first = await StartReplicaAsync(store);
        await using var second = await StartReplicaAsync(store);

        using var registration = await first.RegisterAsync(typeof(ClientOrderAppended));
        using var here = await first.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderAppended { Id = 7, Customer = "ada", Total = 1m, Note = "n" }));
        using var there = await second.Client.SendAsync(RequestSchemaHost.Post(RequestSchemaHost.MinimalOrder, new ClientOrderAppended { Id = 7, Note = "n" }));

        Assert.Equal(HttpStatusCode.OK, registration.StatusCode);
        Assert.Equal(HttpStatusCode.OK, here.StatusCode);
        Assert.Equal(HttpStatusCode.PreconditionFailed, there.StatusCode);
        Assert.True(store.Calls >= 2, $"{store.Calls} calls reached the store");
    }

    [Fact]
    public async Task MapPackSchema_SharingWithoutADistributedCache_FailsAtStartNamingTheFix()
    {
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => RequestSchemaHost.StartAsync(options => options.ShareClientSchemaRegistrations = true));

        Assert.Contains("IDistributedCache", error.Message, StringComparison.Ordinal);
    }

    private static MemoryDistributedCache NewStore() => new(Microsoft.Extensions.Options.Options.Create(new MemoryDistributedCacheOptions()));

    private static Task<RequestSchemaHost> StartReplicaAsync(IDistributedCache store, bool share = true) =>
        RequestSchemaHost.StartAsync(options => options.ShareClientSchemaRegistrations = share, services: services => services.AddSingleton(store));

    /// <summary>A store that is down: every call throws, as a Redis client does when the server is unreachable.</summary>
    private sealed class FailingStore : IDistributedCache
    {
        private int _calls;

        public int Calls => _calls;

        public byte[]? Get(string key) => throw Down();

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => throw Down();

        public void Refresh(string key) => throw Down();

        public Task RefreshAsync(string key, CancellationToken token = default) => throw Down();

        public void Remove(string key) => throw Down();

        public Task RemoveAsync(string key, CancellationToken token = default) => throw Down();

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => throw Down();

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) => throw Down();

        private InvalidOperationException Down()
        {
            Interlocked.Increment(ref _calls);
            return new InvalidOperationException("the store is down");
        }
    }
}
