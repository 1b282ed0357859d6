using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.HttpLogging;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// The exchange the logging-cost benchmarks make: a POST of a small login request answered with a reply holding a
/// list, as Pack (<c>/pack</c>) and as JSON (<c>/json</c>), on an in-process Kestrel server over loopback.
/// </summary>
internal static class LoggingCostExchange
{
    /// <summary>The request every call sends.</summary>
    public static readonly LoginRequest Request = new("ada", "s3cret", 7);

    /// <summary>Whose members the logs redact (one per body, as an app would).</summary>
    public const string RedactedMember = nameof(LoginRequest.Password);

    /// <summary>
    /// Starts the server. <paramref name="fields"/> <see langword="null"/> means no HTTP logging middleware at all;
    /// <paramref name="emptyInterceptor"/> registers an <see cref="IHttpLoggingInterceptor"/> that does nothing, to
    /// measure what the middleware itself spends on a request once any interceptor is registered.
    /// </summary>
    public static async Task<(WebApplication App, Uri Address)> StartServerAsync(HttpLoggingFields? fields, bool packLogging, ILoggerProvider? sink, bool emptyInterceptor = false)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Logging.ClearProviders();
        if (sink is not null)
        {
            builder.Logging.AddProvider(sink);
            builder.Logging.SetMinimumLevel(LogLevel.Information);
            builder.Logging.AddFilter("Microsoft.AspNetCore.Hosting", LogLevel.Warning);
            builder.Logging.AddFilter("Microsoft.AspNetCore.Routing", LogLevel.Warning);
            builder.Logging.AddFilter("Microsoft.AspNetCore.Http.Result", LogLevel.Warning);
            builder.Logging.AddFilter("Microsoft.Hosting", LogLevel.Warning);
        }

        builder.Services.AddPack();
        if (fields is { } logged)
        {
            builder.Services.AddHttpLogging(options =>
            {
                options.LoggingFields = logged;
                options.MediaTypeOptions.AddText("application/json");
            });
        }

        if (packLogging)
        {
            builder.Services.AddPackHttpLogging(options => options.RedactedMembers.Add(RedactedMember));
        }

        if (emptyInterceptor)
        {
            builder.Services.AddSingleton<IHttpLoggingInterceptor, EmptyInterceptor>();
        }

        var app = builder.Build();
        if (fields is not null)
        {
            app.UseHttpLogging();
        }

        app.MapPost("/pack", (PackBody<LoginRequest> login) => PackResults.Ok(Reply(login.Value)));
        app.MapPost("/json", (LoginRequest login) => Results.Ok(Reply(login)));
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return (app, new Uri(address));
    }

    private static LoginReply Reply(LoginRequest login) =>
        new(login.User, "token-" + login.User, ["reader", "writer", "admin", "auditor"], login.Attempt);

    /// <summary>The request body.</summary>
    public sealed record LoginRequest(string User, string Password, int Attempt);

    /// <summary>The response body.</summary>
    public sealed record LoginReply(string User, string Token, List<string> Roles, int Attempt);

    /// <summary>An interceptor that does nothing: what the middleware allocates for having one is all its row shows.</summary>
    private sealed class EmptyInterceptor : IHttpLoggingInterceptor
    {
        public ValueTask OnRequestAsync(HttpLoggingInterceptorContext logContext) => default;

        public ValueTask OnResponseAsync(HttpLoggingInterceptorContext logContext) => default;
    }
}
