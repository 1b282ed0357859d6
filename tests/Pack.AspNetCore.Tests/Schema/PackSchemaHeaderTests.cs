using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema;

/// <summary><c>Pack-Schema: &lt;wire fingerprint&gt;</c> on Pack responses (docs/schema.md §5), on real Kestrel, from MVC and minimal APIs.</summary>
public sealed class PackSchemaHeaderTests
{
    [Theory]
    [InlineData("/api/organizations/7")]
    [InlineData("/minimal/organizations/7")]
    public async Task Get_PackResponse_CarriesTheWireFingerprintOfTheDeclaredType(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var first = await client.SendAsync(PackHttp.Get(path, PackMediaTypes.Pack));
        using var second = await client.SendAsync(PackHttp.Get(path, PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal(PackMediaTypes.Pack, first.Content.Headers.ContentType?.MediaType);
        string expected = PackSchema.For(typeof(Organization)).WireFingerprint;
        Assert.Equal([expected], first.Headers.GetValues(PackSchema.HeaderName));
        Assert.Equal([expected], second.Headers.GetValues(PackSchema.HeaderName));
    }

    [Theory]
    [InlineData("/api/organizations/members/failing")]
    [InlineData("/minimal/members?count=2")]
    public async Task Get_PackStreamResponse_CarriesTheWireFingerprintOfTheItemType(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(path, PackMediaTypes.PackStream), HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal([PackSchema.For(typeof(Member)).WireFingerprint], response.Headers.GetValues(PackSchema.HeaderName));
    }

    [Theory]
    [InlineData("/api/readings/3")]
    [InlineData("/minimal/readings/3")]
    public async Task Get_TypeWithGeneratedSchema_CarriesTheGeneratedWireFingerprint(string path)
    {
        // As under Native AOT, where PackSchema.For is not available: the registered context's constants are used.
        PackSerializer.AddResolver(ReadingSchemaContext.Default);
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(path, PackMediaTypes.Pack));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal([ReadingSchemaContext.WireFingerprint], response.Headers.GetValues(PackSchema.HeaderName));
    }

    [Theory]
    [InlineData("/api/organizations/7")]
    [InlineData("/minimal/organizations/7")]
    public async Task Get_JsonResponse_HasNoPackSchemaHeader(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(path, "application/json"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.False(response.Headers.Contains(PackSchema.HeaderName));
    }
}
