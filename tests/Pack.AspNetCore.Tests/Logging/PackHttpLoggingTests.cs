using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.HttpLogging;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Logging;

/// <summary>Pack bodies in ASP.NET Core's HTTP logging (AddPackHttpLogging), read back from the log the host writes, on real Kestrel.</summary>
public sealed class PackHttpLoggingTests
{
    private const int Limit = 4096;

    [Fact]
    public async Task Log_PackRequestAndResponse_DecodedAsJsonWithRedactedMember()
    {
        await using var host = await LoggingHost.StartAsync();
        using var response = await host.Client.SendAsync(PackPost("/login", PackSerializer.Serialize(new LoginRequest("ada", "s3cret", 7))));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        string request = await host.Logs.WaitForAsync("RequestBody: ");
        Assert.Equal("RequestBody: {\"User\":\"ada\",\"Password\":\"[Redacted]\",\"Attempt\":7}", request);
        string reply = await host.Logs.WaitForAsync("ResponseBody: ");
        Assert.Equal("ResponseBody: {\"User\":\"ada\",\"Token\":\"[Redacted]\",\"Roles\":[\"reader\",\"writer\"]}", reply);
        Assert.DoesNotContain(host.Logs.Lines, line => line.Contains("s3cret", StringComparison.Ordinal) || line.Contains("token-ada", StringComparison.Ordinal));
        Assert.DoesNotContain(host.Logs.Lines, line => line.Contains("Unrecognized Content-Type", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Log_Lines_CarryTheMiddlewaresEventsAndStructuredProperties()
    {
        await using var host = await LoggingHost.StartAsync();
        using (var response = await host.Client.SendAsync(PackPost("/login", PackSerializer.Serialize(new LoginRequest("ada", "s3cret", 7)))))
        {
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        using var request = new HttpRequestMessage(HttpMethod.Get, "/sessions");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.PackStream));
        using (var response = await host.Client.SendAsync(request))
        {
            _ = await response.Content.ReadAsByteArrayAsync();
        }

        await host.Logs.WaitForAsync("ResponseBody: [Stream ended");

        // The HTTP logging middleware's own event ids and names, so a filter on them shows Pack bodies too.
        var body = Assert.Single(host.Logs.Records, record => record.Message.StartsWith("RequestBody: ", StringComparison.Ordinal));
        Assert.Equal(new EventId(3, "RequestBody"), body.EventId);
        Assert.Equal("RequestBody: {Body}{Status}", body.Properties["{OriginalFormat}"]);
        Assert.Equal("{\"User\":\"ada\",\"Password\":\"[Redacted]\",\"Attempt\":7}", body.Properties["Body"]);
        Assert.Equal(string.Empty, body.Properties["Status"]);

        var item = Assert.Single(host.Logs.Records, record => record.Message.StartsWith("ResponseBody item 2: ", StringComparison.Ordinal));
        Assert.Equal(new EventId(104, "ResponseBodyItem"), item.EventId);
        Assert.Equal(2, item.Properties["Index"]);
        Assert.Equal("ResponseBody item {Index}: {Body}{Status}", item.Properties["{OriginalFormat}"]);
        Assert.Equal(4, item.Properties.Count);

        var end = Assert.Single(host.Logs.Records, record => record.Message == "ResponseBody: [Stream ended after 3 items]");
        Assert.Equal(new EventId(4, "ResponseBody"), end.EventId);
        Assert.Equal("[Stream ended after 3 items]", end.Properties["Status"]);
    }

    [Fact]
    public async Task Log_ResponseOverTheLimit_TruncatedWithThePartRead()
    {
        await using var host = await LoggingHost.StartAsync();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/big");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
        using var response = await host.Client.SendAsync(request);
        byte[] body = await response.Content.ReadAsByteArrayAsync();

        Assert.True(body.Length > Limit);
        string line = await host.Logs.WaitForAsync("ResponseBody: ");
        // The list's count promises more elements than the kept bytes hold: the elements the kept bytes hold are shown, then the cut one.
        string shown = TruncatedRoles.Shown(PackSerializer.Serialize(new LoginReply("big", "token-big", [])).Length - 4, Limit);
        Assert.Equal($"ResponseBody: {{\"User\":\"big\",\"Token\":\"[Redacted]\",\"Roles\":[{shown}\"[Incomplete]\"]}} [Truncated by ResponseBodyLogLimit: {Limit} of {body.Length} bytes decoded]", line);
        Assert.DoesNotContain(host.Logs.Lines, line => line.Contains("token-big", StringComparison.Ordinal));
        Assert.Empty(host.Logs.Errors);
    }

    [Fact]
    public async Task Log_MalformedRequestBody_LoggedWithOffsetAndReason()
    {
        await using var host = await LoggingHost.StartAsync();
        byte[] valid = PackSerializer.Serialize(new LoginRequest("ada", "s3cret", 7));
        using var response = await host.Client.SendAsync(PackPost("/login", valid[..^2]));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        string line = await host.Logs.WaitForAsync("RequestBody: ");
        Assert.Equal($"RequestBody: {{\"User\":\"ada\",\"Password\":\"[Redacted]\",\"Attempt\":\"[Incomplete]\"}} [Malformed at byte {valid.Length - 4}: truncated: a i32 needs 4 bytes, the payload has 2 left]", line);
        Assert.Empty(host.Logs.Errors);
    }

    [Fact]
    public async Task Log_PackStreamResponse_ItemByItemThenTheEnd()
    {
        await using var host = await LoggingHost.StartAsync();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/sessions");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.PackStream));
        using var response = await host.Client.SendAsync(request);
        _ = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(PackMediaTypes.PackStream, response.Content.Headers.ContentType?.MediaType);
        await host.Logs.WaitForAsync("ResponseBody: [Stream ended");
        var lines = host.Logs.Lines.Where(line => line.StartsWith("ResponseBody", StringComparison.Ordinal)).ToArray();
        Assert.Equal(
            [
                "ResponseBody item 0: {\"User\":\"user-0\",\"Token\":\"[Redacted]\",\"Roles\":[]}",
                "ResponseBody item 1: {\"User\":\"user-1\",\"Token\":\"[Redacted]\",\"Roles\":[]}",
                "ResponseBody item 2: {\"User\":\"user-2\",\"Token\":\"[Redacted]\",\"Roles\":[]}",
                "ResponseBody: [Stream ended after 3 items]",
            ],
            lines);
    }

    [Fact]
    public async Task Log_UnknownRequestFingerprint_NotDecodedAndSaysWhy()
    {
        await using var host = await LoggingHost.StartAsync();
        using var request = PackPost("/login", PackSerializer.Serialize(new LoginRequest("ada", "s3cret", 7)));
        request.Content!.Headers.TryAddWithoutValidation(PackSchema.HeaderName, "0123456789abcdef0123456789abcdef");
        using var response = await host.Client.SendAsync(request);

        string line = await host.Logs.WaitForAsync("RequestBody: ");
        Assert.StartsWith("RequestBody: [Not decoded: unknown schema fingerprint 0123456789abcdef0123456789abcdef", line);
        Assert.DoesNotContain("s3cret", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Log_BodyLoggingOff_NoBodyLinesAndTheExchangeWorks()
    {
        await using var host = await LoggingHost.StartAsync(HttpLoggingFields.RequestPath | HttpLoggingFields.ResponseStatusCode);
        using var response = await host.Client.SendAsync(PackPost("/login", PackSerializer.Serialize(new LoginRequest("ada", "s3cret", 7))));
        var reply = PackSerializer.Deserialize<LoginReply>(await response.Content.ReadAsByteArrayAsync());

        Assert.Equal("token-ada", reply!.Token);
        await host.Logs.WaitForAsync("Response:");
        Assert.DoesNotContain(host.Logs.Lines, line => line.Contains("Body", StringComparison.Ordinal));
    }

    private static HttpRequestMessage PackPost(string path, byte[] body)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
        return request;
    }

    public sealed record LoginRequest(string User, string Password, int Attempt);

    public sealed record LoginReply(string User, string Token, List<string> Roles);

    private sealed class LoggingHost : IAsyncDisposable
    {
        private readonly WebApplication _app;

        private LoggingHost(WebApplication app, HttpClient client, LineLog logs)
        {
            _app = app;
            Client = client;
            Logs = logs;
        }

        public HttpClient Client { get; }

        public LineLog Logs { get; }

        public static async Task<LoggingHost> StartAsync(HttpLoggingFields fields = HttpLoggingFields.RequestPath | HttpLoggingFields.RequestBody | HttpLoggingFields.ResponseStatusCode | HttpLoggingFields.ResponseBody)
        {
            var logs = new LineLog();
            var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = "Development", ContentRootPath = AppContext.BaseDirectory });
            builder.Logging.ClearProviders();
            builder.Logging.AddProvider(logs);
            builder.Logging.SetMinimumLevel(LogLevel.Information);
            builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
            builder.Services.AddPack();
            builder.Services.AddHttpLogging(options =>
            {
                options.LoggingFields = fields;
                options.RequestBodyLogLimit = Limit;
                options.ResponseBodyLogLimit = Limit;
            });
            builder.Services.AddPackHttpLogging(options =>
            {
                options.RedactedMembers.Add("Password");
                options.Redact = (type, member) => type.ShortName == nameof(LoginReply) && member.Name == nameof(LoginReply.Token);
            });

            var app = builder.Build();
            app.UseHttpLogging();
            app.MapPost("/login", (PackBody<LoginRequest> login) => PackResults.Ok(new LoginReply(login.Value.User, "token-" + login.Value.User, ["reader", "writer"])));
            app.MapGet("/big", () => PackResults.Ok(new LoginReply("big", "token-big", [.. Enumerable.Range(0, 2000).Select(i => $"role-{i:D4}")])));
            app.MapGet("/sessions", () => PackResults.Stream(Sessions()));
            await app.StartAsync();

            var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            return new LoggingHost(app, new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) }, logs);
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await _app.StopAsync();
            await _app.DisposeAsync();
        }

        private static async IAsyncEnumerable<LoginReply> Sessions()
        {
            for (int i = 0; i < 3; i++)
            {
                await Task.Yield();
                yield return new LoginReply("user-" + i, "token-" + i, []);
            }
        }
    }
}
