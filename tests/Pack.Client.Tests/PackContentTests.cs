using Microsoft.AspNetCore.Builder;
using Pack.Client.Tests.Infrastructure;

namespace Pack.Client.Tests;

public sealed class PackContentTests : IDisposable
{
    private readonly CancellationTokenSource _timeout = new(ServerProbe.Timeout);

    private CancellationToken Timeout => _timeout.Token;

    public void Dispose() => _timeout.Dispose();

    [Fact]
    public void Create_Generic_SetsPackContentTypeAndUnknownLength()
    {
        using var content = PackContent.Create(new Item { Id = 1 });

        Assert.Equal(PackMediaTypes.Pack, content.Headers.ContentType?.ToString());
        Assert.Null(content.Headers.ContentLength);
        Assert.Equal(typeof(Item), content.ObjectType);
    }

    [Fact]
    public void Create_TypeBased_KeepsDeclaredType()
    {
        var item = new Item { Id = 2 };

        using var content = PackContent.Create(item, typeof(object));

        Assert.Equal(typeof(object), content.ObjectType);
        Assert.Same(item, content.Value);
    }

    [Fact]
    public void Create_ValueNotAssignableToType_Throws()
    {
        var ex = Assert.Throws<ArgumentException>(() => PackContent.Create("text", typeof(Item)));

        Assert.Equal("value", ex.ParamName);
    }

    [Fact]
    public void Create_NullType_Throws()
    {
        Assert.Throws<ArgumentNullException>(() => PackContent.Create(null, null!));
    }

    [Fact]
    public async Task ReadAsByteArrayAsync_Value_EqualsSerializerOutput()
    {
        var item = new Item { Id = 3, Name = "bytes", Price = 0.5, Tags = ["t"] };
        using var content = PackContent.Create(item);

        byte[] bytes = await content.ReadAsByteArrayAsync(Timeout);

        Assert.Equal(PackSerializer.Serialize(item), bytes);
    }

    [Fact]
    public async Task PostAsync_LargeValue_ArrivesChunkedAndIntact()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateClient();
        var item = new Item { Id = 4, Name = new string('p', 4 * 1024 * 1024), Tags = [.. Enumerable.Range(0, 10_000).Select(i => $"tag{i}")] };

        Item? echoed = await client.PutAsPackAsync<Item, Item>("items/4", item, Timeout);

        Assert.NotNull(echoed);
        Assert.Equal(item.Name, echoed.Name);
        Assert.Equal(item.Tags, echoed.Tags);
    }

    [Fact]
    public async Task Send_Synchronous_WritesPack()
    {
        await using var host = await TestServerHost.StartAsync(ServerKind.PackMinimalApi);
        using var client = host.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Put, "items/5") { Content = PackContent.Create(new Item { Name = "sync" }) };
        request.Headers.Accept.ParseAdd(PackMediaTypes.Pack);

        using HttpResponseMessage response = client.Send(request, Timeout);
        Item? echoed = await response.Content.ReadFromPackAsync<Item>(Timeout);

        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("sync", echoed?.Name);
        Assert.Equal(5, echoed?.Id);
    }
}
