using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore.Tests.Options;

/// <summary>Pack's server options are validated when the host starts (ValidateOnStart with source-generated validators), not at the first request.</summary>
public sealed class PackOptionsValidationTests
{
    public static TheoryData<string, Action<IServiceCollection>> InvalidOptions => new()
    {
        { "MaxRequestBodySize", services => services.AddPack(options => options.MaxRequestBodySize = 0) },
        { "MaxRequestBodySize", services => services.AddControllers().AddPackFormatters(options => options.MaxRequestBodySize = -1) },
        { "SerializerOptions", services => services.AddPack(options => options.SerializerOptions = null!) },
        { "MaxTimeout", services => services.AddPackDeadlines(options => options.MaxTimeout = TimeSpan.Zero) },
        { "MaxTimeout", services => services.AddPackDeadlines(options => options.MaxTimeout = TimeSpan.FromDays(2)) },
        { "TimeoutStatusCode", services => services.AddPackDeadlines(options => options.TimeoutStatusCode = 200) },
    };

    [Theory]
    [MemberData(nameof(InvalidOptions))]
    public async Task StartAsync_InvalidOption_FailsNamingIt(string member, Action<IServiceCollection> register)
    {
        await using var app = Build(register);

        var exception = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());

        Assert.Contains(member, exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task StartAsync_DefaultsAndValidValues_Start()
    {
        await using var app = Build(services =>
        {
            services.AddControllers().AddPackFormatters(options => options.MaxRequestBodySize = null);
            services.AddPackDeadlines(options => options.MaxTimeout = TimeSpan.FromSeconds(30));
        });

        await app.StartAsync();
        await app.StopAsync();
    }

    private static WebApplication Build(Action<IServiceCollection> register)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        register(builder.Services);
        return builder.Build();
    }
}
