using System.Buffers;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.MinimalApis;

/// <summary>Hostile request streams (<c>application/x-pack-stream</c>) against real Kestrel: never a 500, never an error logged.</summary>
public class RequestStreamFaultTests
{
    public static TheoryData<HttpProtocols, string> Cases => new()
    {
        { HttpProtocols.Http1, "/minimal/members/count" },
        { HttpProtocols.Http2, "/minimal/members/count" },
        { HttpProtocols.Http2, "/minimal/members/echo" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Post_MutatedRequestStreams_AreNeverA500(HttpProtocols protocols, string path)
    {
        var logs = new CapturingLoggerProvider();
        await using var host = await KestrelTestHost.StartAsync(protocols, logger: logs);
        using var client = host.CreateClient();
        var valid = ValidStream(5);
        var random = new Random(23);

        for (int round = 0; round < 60; round++)
        {
            var bytes = (byte[])valid.Clone();
            switch (round % 4)
            {
                case 0:
                    bytes[random.Next(bytes.Length)] = (byte)random.Next(256); // One flipped byte anywhere.
                    break;
                case 1:
                    Array.Resize(ref bytes, random.Next(bytes.Length)); // Truncated anywhere.
                    break;
                case 2:
                    bytes[random.Next(bytes.Length / 5) * 5 % bytes.Length] = (byte)random.Next(4, 256); // A bad kind.
                    break;
                default:
                    random.NextBytes(bytes.AsSpan(random.Next(bytes.Length))); // Garbage tail.
                    break;
            }

            using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(bytes, PackMediaTypes.PackStream), PackMediaTypes.PackStream));
            var body = await response.Content.ReadAsByteArrayAsync();
            Assert.True((int)response.StatusCode < 500, $"round {round}: {(int)response.StatusCode} {string.Join(Environment.NewLine, logs.Errors)}");
        }

        Assert.False(logs.Errors.Any(), string.Join(Environment.NewLine, logs.Errors));
    }

    [Theory]
    [InlineData(HttpProtocols.Http1)]
    [InlineData(HttpProtocols.Http2)]
    public async Task Post_ManySmallMalformedFrames_Answers400Problem(HttpProtocols protocols)
    {
        await using var host = await KestrelTestHost.StartAsync(protocols);
        using var client = host.CreateClient();

        // 2,000 tiny frames whose payloads claim far more than they hold: rejected at the first, answered 400.
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 2_000; i++)
        {
            buffer.Write((ReadOnlySpan<byte>)[1, 12, 0, 0, 0]);
            buffer.Write((ReadOnlySpan<byte>)[0xFE, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]);
        }

        PackStream.WriteEnd(buffer);
        using var response = await client.SendAsync(PackHttp.Post("/minimal/members/count", PackHttp.Bytes(buffer.WrittenSpan.ToArray(), PackMediaTypes.PackStream)));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
    }

    private static byte[] ValidStream(int count)
    {
        var buffer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < count; i++)
        {
            PackStream.WriteItem(buffer, SampleData.Member(i));
        }

        PackStream.WriteEnd(buffer);
        return buffer.WrittenSpan.ToArray();
    }
}
