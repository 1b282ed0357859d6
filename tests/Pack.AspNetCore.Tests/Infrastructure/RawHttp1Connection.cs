using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Pack.AspNetCore.Tests;

/// <summary>
/// One HTTP/1.1 keep-alive connection driven byte by byte, for what HttpClient will not do: send part of a body, wait,
/// read the answer, then send the rest and reuse the connection.
/// </summary>
public sealed class RawHttp1Connection : IAsyncDisposable
{
    private readonly TcpClient _client;
    private readonly NetworkStream _stream;
    private readonly MemoryStream _pending = new();

    private RawHttp1Connection(TcpClient client)
    {
        _client = client;
        _stream = client.GetStream();
    }

    public static async Task<RawHttp1Connection> OpenAsync(Uri baseAddress)
    {
        var client = new TcpClient();
        await client.ConnectAsync(IPAddress.Loopback, baseAddress.Port);
        return new RawHttp1Connection(client);
    }

    public Task SendAsync(string text) => SendAsync(Encoding.ASCII.GetBytes(text));

    public async Task SendAsync(ReadOnlyMemory<byte> bytes)
    {
        await _stream.WriteAsync(bytes);
        await _stream.FlushAsync();
    }

    /// <summary>Reads one response: status, headers (lower-case names) and body (Content-Length or chunked).</summary>
    public async Task<(int Status, Dictionary<string, string> Headers, byte[] Body)> ReadResponseAsync(CancellationToken cancellationToken)
    {
        var head = Encoding.ASCII.GetString(await ReadUntilAsync("\r\n\r\n"u8.ToArray(), cancellationToken));
        var lines = head.Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        var status = int.Parse(lines[0].Split(' ')[1]);
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var line in lines.Skip(1))
        {
            var colon = line.IndexOf(':');
            headers[line[..colon].Trim()] = line[(colon + 1)..].Trim();
        }

        var body = new MemoryStream();
        if (headers.TryGetValue("content-length", out var length))
        {
            body.Write(await ReadExactlyAsync(int.Parse(length), cancellationToken));
        }
        else if (headers.TryGetValue("transfer-encoding", out var encoding) && encoding.Contains("chunked", StringComparison.OrdinalIgnoreCase))
        {
            while (true)
            {
                var size = Convert.ToInt32(Encoding.ASCII.GetString(await ReadUntilAsync("\r\n"u8.ToArray(), cancellationToken)).Trim().Split(';')[0], 16);
                if (size == 0)
                {
                    await ReadUntilAsync("\r\n"u8.ToArray(), cancellationToken);
                    break;
                }

                body.Write(await ReadExactlyAsync(size, cancellationToken));
                await ReadExactlyAsync(2, cancellationToken);
            }
        }

        return (status, headers, body.ToArray());
    }

    public async ValueTask DisposeAsync()
    {
        await _stream.DisposeAsync();
        _client.Dispose();
    }

    private async Task<byte[]> ReadUntilAsync(byte[] delimiter, CancellationToken cancellationToken)
    {
        while (true)
        {
            var buffered = _pending.ToArray();
            var at = buffered.AsSpan().IndexOf(delimiter);
            if (at >= 0)
            {
                Keep(buffered, at + delimiter.Length);
                return buffered[..at];
            }

            await FillAsync(cancellationToken);
        }
    }

    private async Task<byte[]> ReadExactlyAsync(int count, CancellationToken cancellationToken)
    {
        while (_pending.Length < count)
        {
            await FillAsync(cancellationToken);
        }

        var buffered = _pending.ToArray();
        Keep(buffered, count);
        return buffered[..count];
    }

    private void Keep(byte[] buffered, int consumed)
    {
        _pending.SetLength(0);
        _pending.Write(buffered, consumed, buffered.Length - consumed);
    }

    private async Task FillAsync(CancellationToken cancellationToken)
    {
        var chunk = new byte[4096];
        var read = await _stream.ReadAsync(chunk, cancellationToken);
        if (read == 0)
        {
            throw new IOException("The server closed the connection.");
        }

        _pending.Write(chunk, 0, read);
    }
}
