using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Json;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The benchmark server in a process of its own (<c>--server</c>), started from this same executable and ended with it:
/// its standard input stays open while this process holds it, and it exits when that closes. Or, with
/// <c>--server-url</c>, a server someone else started.
/// </summary>
public sealed class ServerProcess : IAsyncDisposable
{
    private readonly Process? process;

    private ServerProcess(Process? process, Uri http1, Uri http2, int processId)
    {
        this.process = process;
        Http1 = http1;
        Http2 = http2;
        ProcessId = processId;
    }

    /// <summary>The HTTP/1.1 endpoint.</summary>
    public Uri Http1 { get; }

    /// <summary>The HTTP/2 (h2c) endpoint.</summary>
    public Uri Http2 { get; }

    /// <summary>The server's process ID (for the CPU accounting of <see cref="MachineLoad"/>).</summary>
    public int ProcessId { get; }

    /// <summary>Starts <c>--server</c> on free loopback ports and waits until it listens.</summary>
    public static async Task<ServerProcess> StartAsync()
    {
        var start = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(start.FileName).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(typeof(ServerProcess).Assembly.Location);
        }

        foreach (var argument in new[] { "--server", "--urls", "http://127.0.0.1:0;http://127.0.0.1:0", "--exit-with-stdin" })
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start the server process.");
        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
            while (await process.StandardOutput.ReadLineAsync(timeout.Token) is { } line)
            {
                if (line.StartsWith("listening: ", StringComparison.Ordinal))
                {
                    // "listening: HTTP/1.1 URL, HTTP/2 URL, pid N"
                    var parts = line["listening: ".Length..].Split(", ");
                    var http1 = new Uri(parts[0]["HTTP/1.1 ".Length..]);
                    var http2 = new Uri(parts[1]["HTTP/2 ".Length..]);
                    _ = DrainAsync(process.StandardOutput);
                    return new ServerProcess(process, http1, http2, process.Id);
                }
            }

            throw new InvalidOperationException($"The server process exited before listening (exit code {(process.HasExited ? process.ExitCode : -1)}).");
        }
        catch
        {
            process.Kill(entireProcessTree: true);
            process.Dispose();
            throw;
        }
    }

    /// <summary>Uses a server already running at <paramref name="urls"/> (<c>HTTP/1.1 URL;HTTP/2 URL</c>).</summary>
    public static async Task<ServerProcess> AttachAsync(string urls)
    {
        var parts = urls.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var http1 = new Uri(parts[0]);
        var http2 = parts.Length > 1 ? new Uri(parts[1]) : new UriBuilder(http1) { Port = http1.Port + 1 }.Uri;
        var stats = await GetStatsAsync(http1, reset: false);
        return new ServerProcess(null, http1, http2, stats.ProcessId);
    }

    /// <summary>The server's own figures (allocations, working set); with <paramref name="reset"/> after a GC and a reset of the peak.</summary>
    public Task<ServerStats> GetStatsAsync(bool reset) => GetStatsAsync(Http1, reset);

    /// <summary>Has the server build the H3 organization of <paramref name="members"/> members without sending it.</summary>
    public async Task PrepareAsync(int members)
    {
        using var client = new HttpClient { BaseAddress = Http1, Timeout = TimeSpan.FromMinutes(5) };
        using var response = await client.PostAsync(string.Create(CultureInfo.InvariantCulture, $"{ServerStats.PreparePath}?members={members}"), null);
        response.EnsureSuccessStatusCode();
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        if (process is null)
        {
            return;
        }

        process.StandardInput.Close();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(15));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
        }

        process.Dispose();
    }

    private static async Task<ServerStats> GetStatsAsync(Uri http1, bool reset)
    {
        using var client = new HttpClient { BaseAddress = http1 };
        using var response = reset
            ? await client.PostAsync(ServerStats.ResetPath, null)
            : await client.GetAsync(ServerStats.Path);
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadFromJsonAsync<ServerStats>(System.Text.Json.JsonSerializerOptions.Web)
            ?? throw new InvalidDataException("empty /stats");
    }

    private static async Task DrainAsync(StreamReader output)
    {
        while (await output.ReadLineAsync() is { } line)
        {
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[server] {line}"));
        }
    }
}
