using System.Net;
using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using Pack.Client;
using Pack.Client.Tests.Schema;
using Pack.Schema;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>
/// The client's side of the request schema check (docs/schema.md §5.2) for Refit interfaces, on real Kestrel: the
/// header for a value and a stream body, registration and one resend after a 412, a 409 raised with its violations,
/// and the off switch.
/// </summary>
public sealed class RequestSchemaRefitTests
{
    private static readonly SchemaClientOrderAppended Appended = new() { Id = 7, Customer = "ada", Total = 3.25m, Note = "n" };

    private static readonly string AppendedFingerprint = PackSchema.For(typeof(SchemaClientOrderAppended)).WireFingerprint;

    [Fact]
    public async Task ValueBody_SendsTheWireFingerprintOfTheDeclaredType()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var response = await api.HeaderAsync(Appended);

        Assert.Equal(AppendedFingerprint, await response.Content.ReadFromPackAsync<string>());
    }

    [Fact]
    public async Task StreamBody_SendsTheWireFingerprintOfTheItemType()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var response = await api.StreamHeaderAsync(Items(Appended));

        Assert.Equal(AppendedFingerprint, await response.Content.ReadFromPackAsync<string>());
    }

    [Fact]
    public async Task ValueBody_UnknownCompatibleSchema_RegistersOnceAndResends()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var first = await api.PostAsync(Appended);
        using var second = await api.PostAsync(Appended);

        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal("7|ada|3.25", await first.Content.ReadFromPackAsync<string>());
        Assert.Equal("7|ada|3.25", await second.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
        Assert.Equal(3, server.Requests["POST " + RequestSchemaServer.Order]); // 412, its resend, the second call
    }

    [Fact]
    public async Task StreamBody_UnknownSchema_RaisesThe412ThenTheNextCallIsRead()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        var exception = await Assert.ThrowsAnyAsync<ApiException>(() => api.PostStreamAsync(Items(Appended, Appended)));
        using var second = await api.PostStreamResponseAsync(Items(Appended, Appended));

        Assert.Equal(HttpStatusCode.PreconditionFailed, exception.StatusCode);
        Assert.Equal("urn:pack:problem:request-schema-unknown", ReadProblem(exception).GetProperty("type").GetString());
        Assert.Equal("7|ada|3.25;7|ada|3.25", await second.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
    }

    [Fact]
    public async Task ValueBody_IncompatibleSchema_RaisesApiException409WithTheViolationsAndIsNotRead()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        var exception = await Assert.ThrowsAnyAsync<ApiException>(() => api.PostRetypedAsync(new SchemaClientOrderRetyped { Id = 1, Total = 2.5 }));

        Assert.Equal(HttpStatusCode.Conflict, exception.StatusCode);
        JsonElement problem = ReadProblem(exception);
        Assert.Equal("urn:pack:problem:request-schema-incompatible", problem.GetProperty("type").GetString());
        JsonElement violation = Assert.Single(problem.GetProperty("violations").EnumerateArray());
        Assert.Equal(PackSchemaRules.MemberRetyped, violation.GetProperty("ruleId").GetString());
        Assert.Equal("$.Total", violation.GetProperty("path").GetString());
        Assert.Equal(1, server.Registrations);

        // 412, then the 409 of the resend: the endpoint never read the body, so no "1|...|2.5" was ever answered.
        Assert.Equal(2, server.Requests["POST " + RequestSchemaServer.Order]);
    }

    [Fact]
    public async Task SendRequestSchemaOff_SendsNoHeaderAndIsReadUnchecked()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server, options => options.SendRequestSchema = false);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var header = await api.HeaderAsync(Appended);
        using var streamHeader = await api.StreamHeaderAsync(Items(Appended));
        using var read = await api.PostAsync(Appended);

        Assert.Equal(string.Empty, await header.Content.ReadFromPackAsync<string>());
        Assert.Equal(string.Empty, await streamHeader.Content.ReadFromPackAsync<string>());
        Assert.Equal("7|ada|3.25", await read.Content.ReadFromPackAsync<string>());
        Assert.Equal(0, server.Registrations);
    }

    [Fact]
    public async Task BufferedValueBody_UnknownCompatibleSchema_SendsTheHeaderRegistersAndResends()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server, configureSettings: settings => settings.Buffered = true);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var header = await api.HeaderAsync(Appended);
        using var read = await api.PostAsync(Appended);

        Assert.Equal(AppendedFingerprint, await header.Content.ReadFromPackAsync<string>());
        Assert.Equal("7|ada|3.25", await read.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
    }

    [Fact]
    public async Task ImplicitBody_SendsTheWireFingerprintOfItsType()
    {
        // AddPackRefitClient's RequestBodySerialization = Streamed: Refit sends the serializer's PackContent, which names its type.
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var response = await api.ImplicitBodyHeaderAsync(Appended);

        Assert.Equal("application/x-pack", response.RequestMessage?.Content?.Headers.ContentType?.MediaType);
        Assert.Equal(AppendedFingerprint, await response.Content.ReadFromPackAsync<string>());
    }

    [Fact]
    public async Task ImplicitBody_RefitsDefaultSerializationMode_SendsTheWireFingerprintOfItsType()
    {
        // In its default mode Refit copies the body into content of its own and keeps only the Content-Type value, which
        // carries the type the serializer was called with: no reflection over the interface, so also under Native AOT.
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server, configureSettings: DefaultBodyMode);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var response = await api.ImplicitBodyHeaderAsync(Appended);

        Assert.IsNotType<PackContent>(response.RequestMessage?.Content);
        Assert.Equal("application/x-pack", response.RequestMessage?.Content?.Headers.ContentType?.ToString());
        Assert.Equal(AppendedFingerprint, await response.Content.ReadFromPackAsync<string>());
    }

    [Fact]
    public async Task RefitsDefaultSerializationMode_ValueAndStreamBodies_AnnounceTheirTypesAndAValueIsRegisteredAndResent()
    {
        await using var server = await RequestSchemaServer.StartAsync();
        await using var provider = CreateProvider(server, configureSettings: DefaultBodyMode);
        var api = provider.GetRequiredService<IRequestSchemaApi>();

        using var header = await api.HeaderAsync(Appended);
        using var streamHeader = await api.StreamHeaderAsync(Items(Appended));
        using var read = await api.PostAsync(Appended);

        Assert.IsNotType<PackContent>(header.RequestMessage?.Content);
        Assert.Equal(AppendedFingerprint, await header.Content.ReadFromPackAsync<string>());
        Assert.Equal(AppendedFingerprint, await streamHeader.Content.ReadFromPackAsync<string>());
        Assert.Equal("7|ada|3.25", await read.Content.ReadFromPackAsync<string>());
        Assert.Equal(1, server.Registrations);
    }

    private static void DefaultBodyMode(RefitSettings settings) => settings.RequestBodySerialization = RequestBodySerializationMode.Default;

    private static JsonElement ReadProblem(ApiException exception)
    {
        Assert.Equal("application/problem+json", exception.ContentHeaders?.ContentType?.MediaType);
        using var document = JsonDocument.Parse(exception.Content!);
        return document.RootElement.Clone();
    }

    private static ServiceProvider CreateProvider(
        RequestSchemaServer server, Action<PackClientOptions>? configureOptions = null, Action<RefitSettings>? configureSettings = null)
    {
        var services = new ServiceCollection();
        services.AddPackRefitClient<IRequestSchemaApi>(
            client => client.BaseAddress = server.BaseAddress, configureSettings: configureSettings, configureOptions: configureOptions)
            .ConfigurePrimaryHttpMessageHandler(static () => new SocketsHttpHandler());
        return services.BuildServiceProvider();
    }

    private static async IAsyncEnumerable<T> Items<T>(params T[] items)
    {
        foreach (var item in items)
        {
            await Task.Yield();
            yield return item;
        }
    }
}
