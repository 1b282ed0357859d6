using Pack.Samples.WebApi.Orders;

namespace Pack.Samples.WebApi.Aot;

/// <summary>
/// Builds the Native AOT sample API. <c>Program</c>, the tests and the cold-start benchmark all go through here, so
/// they run the same app on the JIT as the native binary runs.
/// </summary>
public static class AotSampleApp
{
    public static WebApplication BuildApp(string[] args, Action<WebApplicationBuilder>? configure = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);

        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonContext.Default));
        // Pack's formatters come from AppPackContext: under Native AOT Pack cannot emit them at run time.
        builder.Services.AddPack(options => options.SerializerOptions = new PackSerializerOptions { Resolvers = [AppPackContext.Default] });
        builder.Services.AddProblemDetails();
        builder.Services.AddSingleton<OrderStore>();
        builder.Services.AddHealthChecks();
        builder.Services.AddPackDeadlines(options => options.MaxTimeout = TimeSpan.FromSeconds(30));
        // Compressed request bodies (Content-Encoding: gzip, deflate, br), as docs/aspnetcore.md recommends.
        builder.Services.AddRequestDecompression();
        configure?.Invoke(builder);

        WebApplication app = builder.Build();

        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UsePackDeadlines();
        app.UseRequestDecompression();

        AotEndpoints.Map(app);
        // The schema endpoint from AppPackContext's compile-time constants: no reflection, so it maps under Native AOT, and
        // Pack responses advertise it (Pack-Schema-Endpoint), so clients check their reads against this server.
        app.MapPackSchema(AppPackContext.Default);
        app.MapHealthChecks("/healthz");

        return app;
    }
}
