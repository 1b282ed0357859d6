using System.IO.Compression;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.ResponseCompression;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>
/// The test application: controllers and minimal APIs over Pack, with problem details, response compression and
/// request decompression. Shared by <see cref="PackTestAppFactory"/> (TestServer) and <see cref="KestrelTestHost"/> (real sockets).
/// </summary>
public static class PackTestApp
{
    public static void ConfigureServices(IServiceCollection services, Action<PackFormatterOptions>? configurePack = null)
    {
        services.AddSingleton<StreamProbes>();
        services.AddProblemDetails();
        services.AddEndpointsApiExplorer();
        services.AddResponseCompression(options =>
        {
            options.EnableForHttps = true;
            options.MimeTypes = [.. ResponseCompressionDefaults.MimeTypes, PackMediaTypes.Pack];
            options.Providers.Add<GzipCompressionProvider>();
        });
        services.Configure<GzipCompressionProviderOptions>(options => options.Level = CompressionLevel.Fastest);
        services.AddRequestDecompression();

        services.AddControllers()
            .ConfigureApplicationPartManager(manager =>
            {
                var assembly = typeof(PackTestApp).Assembly;
                if (!manager.ApplicationParts.OfType<AssemblyPart>().Any(part => part.Assembly == assembly))
                {
                    manager.ApplicationParts.Add(new AssemblyPart(assembly));
                }
            })
            .AddPackFormatters(configurePack);
    }

    public static void Configure(IApplicationBuilder app)
    {
        app.UseResponseCompression();
        app.UseRequestDecompression();
        app.Use(FaultyBodyMiddleware.InvokeAsync);
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseRouting();
        app.UseEndpoints(endpoints =>
        {
            endpoints.MapControllers();
            MinimalEndpoints.Map(endpoints);
        });
    }
}
