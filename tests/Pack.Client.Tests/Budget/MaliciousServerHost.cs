using System.Buffers;
using System.Buffers.Binary;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Streaming;

namespace Pack.Client.Tests.Budget;

/// <summary>
/// A malicious server on real Kestrel (127.0.0.1, a free port): it answers with crafted Pack bodies and Pack streams,
/// built once before any request, that are small on the wire and large in memory.
/// </summary>
public sealed class MaliciousServerHost : IAsyncDisposable
{
    /// <summary>20,000 frames of a null <c>decimal?</c> (120 KB): 20 bytes of list slot each when collected.</summary>
    public const string NullFrames = "null-frames";

    /// <summary>6,000 frames of one empty body of <see cref="AllocatingItem"/> (66 KB): ~4 KB of initializer each.</summary>
    public const string AllocatingFrames = "allocating-frames";

    /// <summary>A <c>List&lt;AllocatingItem&gt;</c> of 1,500 empty bodies (6 KB), not a stream: ~4 KB of initializer each.</summary>
    public const string AllocatingList = "allocating-list";

    /// <summary>A valid 4-byte Pack body (the int 7): what one ordinary request costs the HTTP stack.</summary>
    public const string Small = "small";

    /// <summary>
    /// The query that makes the server close the connection after its answer. A read the budget stops leaves its
    /// connection unusable, so the next request, measured or not, pays for a new connection: the cost of an ordinary
    /// request is measured the same way (<c>small?new-connection</c>).
    /// </summary>
    public const string NewConnectionQuery = "new-connection";

    /// <summary><see cref="Small"/> on a connection the server closes after it.</summary>
    public const string SmallOnNewConnection = Small + "?" + NewConnectionQuery;

    private readonly WebApplication _app;

    private MaliciousServerHost(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    /// <summary>The crafted responses: path → (Content-Type, bytes).</summary>
    public static IReadOnlyDictionary<string, (string ContentType, byte[] Bytes)> Bodies { get; } = new Dictionary<string, (string, byte[])>
    {
        [NullFrames] = (PackMediaTypes.PackStream, NullFrameBytes()),
        [AllocatingFrames] = (PackMediaTypes.PackStream, EmptyBodyFrames(6_000)),
        [AllocatingList] = (PackMediaTypes.Pack, EmptyBodyList(1_500)),
        [Small] = (PackMediaTypes.Pack, [7, 0, 0, 0]),
    };

    public static async Task<MaliciousServerHost> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();

        var app = builder.Build();
        app.MapGet("/{name}", async (string name, HttpContext context) =>
        {
            var (contentType, bytes) = Bodies[name];
            context.Response.ContentType = contentType;
            if (context.Request.Query.ContainsKey(NewConnectionQuery))
            {
                // The client opens a new connection for its next request, as after a body it stopped reading.
                context.Response.Headers.Connection = "close";
            }

            // In pieces with a flush between them, so the client reads a body that arrives over time.
            for (int offset = 0; offset < bytes.Length; offset += 16 * 1024)
            {
                await context.Response.Body.WriteAsync(bytes.AsMemory(offset, Math.Min(16 * 1024, bytes.Length - offset)), context.RequestAborted);
                await context.Response.Body.FlushAsync(context.RequestAborted);
            }
        });

        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new MaliciousServerHost(app, new Uri(address + "/"));
    }

    public HttpClient CreateClient() => new() { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    private static byte[] NullFrameBytes()
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 20_000; i++)
        {
            PackStream.WriteItem<decimal?>(buffer, null);
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] EmptyBodyFrames(int count)
    {
        // Each frame: kind Item, payload length 6, and the payload, a whole payload (wire-format §10): the top-level
        // header -2 and member count 0, an empty body.
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < count; i++)
        {
            var frame = buffer.GetSpan(11);
            frame[0] = (byte)PackFrameKind.Item;
            BinaryPrimitives.WriteInt32LittleEndian(frame[1..], 6);
            BinaryPrimitives.WriteInt32LittleEndian(frame[5..], -2);
            BinaryPrimitives.WriteUInt16LittleEndian(frame[9..], 0);
            buffer.Advance(11);
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] EmptyBodyList(int count)
    {
        // A collection's elements are nested objects: header 0 (an empty body), 4 bytes each.
        byte[] payload = new byte[4 + (4 * count)];
        BinaryPrimitives.WriteInt32LittleEndian(payload, count);
        return payload;
    }
}
