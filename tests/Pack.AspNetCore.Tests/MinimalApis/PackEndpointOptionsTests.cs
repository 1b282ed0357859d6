using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Patterns;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore.Tests.MinimalApis;

/// <summary>How a minimal-API Pack result finds the app's <see cref="PackFormatterOptions"/>.</summary>
public sealed class PackEndpointOptionsTests
{
    [Fact]
    public void Get_EndpointBuiltWithPackOk_ReadsTheOptionsFromMetadataWithoutRequestServices()
    {
        var options = new PackFormatterOptions { MaxRequestBodySize = 1234 };
        var endpoint = BuildEndpoint(options);
        var context = new DefaultHttpContext();
        context.Features.Set<IServiceProvidersFeature>(new ThrowingServiceProvidersFeature());
        context.SetEndpoint(endpoint);

        Assert.Same(options, PackEndpointOptions.Get(context));
    }

    [Fact]
    public void Get_EndpointWithoutPackMetadata_FallsBackToRequestServices()
    {
        var options = new PackFormatterOptions { MaxRequestBodySize = 5678 };
        using var services = new ServiceCollection().Configure<PackFormatterOptions>(o => o.MaxRequestBodySize = 5678).BuildServiceProvider();
        var context = new DefaultHttpContext { RequestServices = services };
        context.SetEndpoint(new Endpoint(null, EndpointMetadataCollection.Empty, "plain"));

        Assert.Equal(options.MaxRequestBodySize, PackEndpointOptions.Get(context).MaxRequestBodySize);
    }

    [Fact]
    public async Task PackOk_AskedForJson_WritesWithTheAppsJsonOptionsWithoutRequestServices()
    {
        var services = new ServiceCollection()
            .AddSingleton(Microsoft.Extensions.Options.Options.Create(new PackFormatterOptions()))
            .ConfigureHttpJsonOptions(json => json.SerializerOptions.PropertyNamingPolicy = System.Text.Json.JsonNamingPolicy.SnakeCaseUpper)
            .BuildServiceProvider();

        var (contentType, body) = await WriteJsonAsync(services, 1);

        Assert.Equal("application/json; charset=utf-8", contentType);
        Assert.Equal("{\"FIRST_VALUE\":1}", body);
    }

    [Fact]
    public async Task PackOk_AskedForJsonOnAnEndpointWithoutPackMetadata_UsesTheRequestServicesJsonOptions()
    {
        using var services = new ServiceCollection()
            .ConfigureHttpJsonOptions(json => json.SerializerOptions.PropertyNamingPolicy = System.Text.Json.JsonNamingPolicy.KebabCaseLower)
            .BuildServiceProvider();
        var context = new DefaultHttpContext { RequestServices = services };
        context.SetEndpoint(new Endpoint(null, EndpointMetadataCollection.Empty, "plain"));
        context.Request.Headers.Accept = "application/json";
        using var body = new MemoryStream();
        context.Response.Body = body;

        await PackResults.Ok(new Pair { FirstValue = 2 }).ExecuteAsync(context);

        Assert.Equal("{\"first-value\":2}", System.Text.Encoding.UTF8.GetString(body.ToArray()));
    }

    [Fact]
    public async Task PackOk_AskedForJsonByAppsWithDifferentJsonOptions_EachUsesItsOwn()
    {
        using var snake = new ServiceCollection().ConfigureHttpJsonOptions(json => json.SerializerOptions.PropertyNamingPolicy = System.Text.Json.JsonNamingPolicy.SnakeCaseLower).BuildServiceProvider();
        using var kebab = new ServiceCollection().ConfigureHttpJsonOptions(json => json.SerializerOptions.PropertyNamingPolicy = System.Text.Json.JsonNamingPolicy.KebabCaseUpper).BuildServiceProvider();

        for (var round = 0; round < 2; round++)
        {
            Assert.Equal("{\"first_value\":3}", (await WriteJsonAsync(snake, 3)).Body);
            Assert.Equal("{\"FIRST-VALUE\":4}", (await WriteJsonAsync(kebab, 4)).Body);
        }
    }

    /// <summary>Executes <c>PackResults.Ok</c> asked for JSON on an endpoint built from <paramref name="services"/>; touching RequestServices throws.</summary>
    private static async Task<(string? ContentType, string Body)> WriteJsonAsync(IServiceProvider services, int value)
    {
        var context = new DefaultHttpContext();
        context.Features.Set<IServiceProvidersFeature>(new ThrowingServiceProvidersFeature());
        context.SetEndpoint(BuildEndpoint(services));
        context.Request.Headers.Accept = "application/json";
        using var body = new MemoryStream();
        context.Response.Body = body;
        await PackResults.Ok(new Pair { FirstValue = value }).ExecuteAsync(context);
        return (context.Response.ContentType, System.Text.Encoding.UTF8.GetString(body.ToArray()));
    }

    public sealed class Pair
    {
        public int FirstValue { get; set; }
    }

    private static Endpoint BuildEndpoint(PackFormatterOptions options)
        => BuildEndpoint(new ServiceCollection().AddSingleton(Microsoft.Extensions.Options.Options.Create(options)).BuildServiceProvider());

    private static Endpoint BuildEndpoint(IServiceProvider services)
    {
        var builder = new RouteEndpointBuilder(_ => Task.CompletedTask, RoutePatternFactory.Parse("/x"), 0) { ApplicationServices = services };
        var method = typeof(PackEndpointOptionsTests).GetMethod(nameof(Populate), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)!;
        Populate<PackOk<string>>(method, builder);
        Populate<PackCreated<string>>(method, builder);
        Assert.Single(builder.Metadata.OfType<PackEndpointOptions>());
        return builder.Build();
    }

    private static void Populate<TResult>(System.Reflection.MethodInfo method, EndpointBuilder builder)
        where TResult : Microsoft.AspNetCore.Http.Metadata.IEndpointMetadataProvider
        => TResult.PopulateMetadata(method, builder);

    private sealed class ThrowingServiceProvidersFeature : IServiceProvidersFeature
    {
        public IServiceProvider RequestServices
        {
            get => throw new InvalidOperationException("RequestServices was touched.");
            set => throw new InvalidOperationException("RequestServices was touched.");
        }
    }
}
