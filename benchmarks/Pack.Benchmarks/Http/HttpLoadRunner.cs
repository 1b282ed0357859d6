using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Runtime.InteropServices;
using System.Text;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The <c>--http</c> mode: a closed-loop load test of H0 (Kestrel ceiling) and H1–H5 against <see cref="HttpBenchmarkServer"/>
/// in this process. For each (workload, protocol, format) cell, <c>--concurrency</c> workers each send one request, check
/// it, and send the next, for <c>--warmup</c> seconds unrecorded and then <c>--seconds</c> recorded. Prints a markdown
/// table and writes it to <c>&lt;out&gt;/http-load.md</c>. Returns 1 if any request failed.
/// </summary>
/// <remarks>
/// The awaits here deliberately keep their context (no <c>ConfigureAwait(false)</c>): the workers' continuations are
/// meant to stay on the <see cref="ClientThreadPool"/>, off the thread pool Kestrel runs on.
/// </remarks>
public static class HttpLoadRunner
{
    private const string Usage = "usage: --http [--seconds S] [--warmup S] [--concurrency N] [--client-threads N] [--workloads H1,H3,...] [--protocols 1.1,2] [--formats json,pack] [--out DIR]";

    /// <summary>Runs the mode and returns the process exit code.</summary>
    public static async Task<int> RunAsync(string[] args)
    {
        HttpLoadOptions options;
        try
        {
            options = HttpLoadOptions.Parse(args);
        }
        catch (FormatException exception)
        {
            Console.Error.WriteLine(exception.Message);
            Console.Error.WriteLine(Usage);
            return 2;
        }

        var cells = (from workload in HttpWorkload.All
                     where options.Workloads.Count == 0 || options.Workloads.Any(w => workload.Id.StartsWith(w, StringComparison.OrdinalIgnoreCase))
                     from protocol in new[] { HttpVersion.Version11, HttpVersion.Version20 }
                     where options.Protocols.Contains(protocol) && (protocol == HttpVersion.Version11 || workload.Http2)
                     from format in workload.Formats
                     where format == HttpFormat.None || options.Formats.Contains(format)
                     select (workload, protocol, format)).ToList();
        if (cells.Count == 0)
        {
            Console.Error.WriteLine("No (workload, protocol, format) cell matches the filters.");
            return 2;
        }

        var header = Header(options, cells.Count);
        Console.WriteLine(header);
        await using var server = await HttpBenchmarkServer.StartAsync();
        using var clientThreads = new ClientThreadPool(options.ClientThreads);
        var rows = new List<CellResult>();
        foreach (var (workload, protocol, format) in cells)
        {
            var baseAddress = protocol == HttpVersion.Version20 ? server.Http2 : server.Http1;
            var result = await RunCellAsync(workload, protocol, format, baseAddress, options, clientThreads);
            Console.WriteLine(result.ToRow());
            rows.Add(result);
        }

        var report = new StringBuilder(header).AppendLine().AppendLine(CellResult.TableHeader);
        foreach (var row in rows)
        {
            report.AppendLine(row.ToRow());
        }

        report.AppendLine().AppendLine(Notes);
        Directory.CreateDirectory(options.OutputDirectory);
        var path = Path.Combine(options.OutputDirectory, "http-load.md");
        await File.WriteAllTextAsync(path, report.ToString());
        Console.WriteLine();
        Console.WriteLine(report.ToString());
        Console.WriteLine($"Written to {Path.GetFullPath(path)}");

        var failed = rows.Where(r => r.Errors > 0 || r.Requests == 0).ToList();
        foreach (var row in failed)
        {
            Console.Error.WriteLine($"FAILED {row.Workload.Id} HTTP/{row.Protocol} {row.Format}: {row.Errors} errors, {row.Requests} requests; first error: {row.FirstError}");
        }

        return failed.Count == 0 ? 0 : 1;
    }

    private const string Notes = """
        - Closed loop: each worker sends its next request when the previous one has been read and checked. `RPS` = checked requests / measured seconds; `p50`/`p99` = per-request latency in ms, from sending to the decoded and checked value.
        - Every response is checked: status 200, the protocol version, the media type (`application/json`, `application/x-pack`, `application/x-pack-stream` for H5), and the decoded item count; the first request of each cell also compares the whole decoded value with the server's data. `errors` counts failed requests.
        - `response bytes`: the body of one response as it arrives (no compression); for H4 the request body is the same size. `application/x-pack` requests go through Pack.Client (`Accept: application/x-pack, application/json;q=0.9`), JSON requests through System.Net.Http.Json with `Accept: application/json`.
        - `alloc/req`: `GC.GetTotalAllocatedBytes(true)` over the measured seconds divided by requests. Server and client share the process, so this is server **plus client** allocations per request (decoding on the client included), not the server's alone.
        - One Kestrel server on 127.0.0.1 in the benchmark process: one port HTTP/1.1 only, one port HTTP/2 only (h2c, prior knowledge). One `HttpClient` over a pooled `SocketsHttpHandler` per cell: HTTP/1.1 opens up to one connection per worker; HTTP/2 multiplexes all workers over one connection (`RequestVersionExact`).
        - Workers run on a separate client thread pool (dedicated threads; their awaits resume there). HttpClient's socket completions and the client libraries' `ConfigureAwait(false)` continuations still use the shared .NET thread pool that Kestrel runs on.
        """;

    private static string Header(HttpLoadOptions options, int cells) =>
        $"""
        # HTTP workloads (H0–H5), closed-loop load

        {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical cores, .NET {Environment.Version}, server GC {System.Runtime.GCSettings.IsServerGC}.
        {cells} cells, {options.WarmupSeconds.ToString(CultureInfo.InvariantCulture)} s warmup + {options.Seconds.ToString(CultureInfo.InvariantCulture)} s measured each; {options.Concurrency} concurrent workers on {options.ClientThreads} client threads.
        """;

    private static async Task<CellResult> RunCellAsync(HttpWorkload workload, Version protocol, HttpFormat format, Uri baseAddress, HttpLoadOptions options, ClientThreadPool clientThreads)
    {
        var result = new CellResult(workload, protocol == HttpVersion.Version20 ? "2" : "1.1", format);
        var sockets = new SocketsHttpHandler
        {
            PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
            PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5),
            MaxConnectionsPerServer = int.MaxValue,
            AutomaticDecompression = DecompressionMethods.None,
            UseCookies = false,
            UseProxy = false,
        };
        using var client = new HttpClient(new ResponseCheckHandler(format, workload.ExpectedMediaType(format), protocol) { InnerHandler = sockets })
        {
            BaseAddress = baseAddress,
            DefaultRequestVersion = protocol,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = TimeSpan.FromSeconds(60),
        };

        try
        {
            // One full check of the decoded value, then the bytes of one response as they come off the wire.
            await clientThreads.Run(() => workload.ExecuteAsync(client, format, true, CancellationToken.None));
            using (var probe = workload.CreateProbeRequest(format))
            using (var response = await client.SendAsync(probe))
            {
                result.ResponseBytes = (await response.Content.ReadAsByteArrayAsync()).Length;
            }
        }
        catch (Exception exception) when (exception is HttpRequestException or InvalidDataException or TaskCanceledException or IOException or System.Text.Json.JsonException or PackException)
        {
            result.Errors++;
            result.FirstError = exception.GetType().Name + ": " + exception.Message;
            return result;
        }

        if (options.WarmupSeconds > 0)
        {
            await RunWorkersAsync(workload, format, client, options, options.WarmupSeconds, clientThreads, record: null);
        }

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        var allocated = GC.GetTotalAllocatedBytes(precise: true);
        var stopwatch = Stopwatch.StartNew();
        await RunWorkersAsync(workload, format, client, options, options.Seconds, clientThreads, result);
        stopwatch.Stop();
        result.AllocatedBytes = GC.GetTotalAllocatedBytes(precise: true) - allocated;
        result.Elapsed = stopwatch.Elapsed;
        return result;
    }

    private static async Task RunWorkersAsync(HttpWorkload workload, HttpFormat format, HttpClient client, HttpLoadOptions options, double seconds, ClientThreadPool clientThreads, CellResult? record)
    {
        var deadline = Stopwatch.GetTimestamp() + (long)(seconds * Stopwatch.Frequency);
        var workers = new Task<WorkerResult>[options.Concurrency];
        for (var i = 0; i < workers.Length; i++)
        {
            workers[i] = clientThreads.Run(() => WorkAsync(workload, format, client, deadline));
        }

        var results = await Task.WhenAll(workers);
        record?.Add(results);
    }

    private static async Task<WorkerResult> WorkAsync(HttpWorkload workload, HttpFormat format, HttpClient client, long deadline)
    {
        var result = new WorkerResult();
        while (Stopwatch.GetTimestamp() < deadline)
        {
            var start = Stopwatch.GetTimestamp();
            try
            {
                var items = await workload.ExecuteAsync(client, format, false, CancellationToken.None);
                if (items != workload.ExpectedItems)
                {
                    throw new InvalidDataException($"decoded {items} items, expected {workload.ExpectedItems}");
                }

                result.Latencies.Add(Stopwatch.GetTimestamp() - start);
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                result.Errors++;
                result.FirstError ??= exception.GetType().Name + ": " + exception.Message;
            }
        }

        return result;
    }

    private sealed class WorkerResult
    {
        public List<long> Latencies { get; } = new(1024);

        public int Errors { get; set; }

        public string? FirstError { get; set; }
    }

    private sealed class CellResult(HttpWorkload workload, string protocol, HttpFormat format)
    {
        public const string TableHeader = """
            | workload | HTTP | format | requests | errors | RPS | p50 ms | p99 ms | response bytes | alloc/req (server + client) |
            |---|---|---|---:|---:|---:|---:|---:|---:|---:|
            """;

        private long[] latencies = [];

        public HttpWorkload Workload { get; } = workload;

        public string Protocol { get; } = protocol;

        public HttpFormat Format { get; } = format;

        public int Requests => latencies.Length;

        public int Errors { get; set; }

        public string? FirstError { get; set; }

        public long ResponseBytes { get; set; } = -1;

        public long AllocatedBytes { get; set; }

        public TimeSpan Elapsed { get; set; }

        public void Add(WorkerResult[] workers)
        {
            latencies = [.. workers.SelectMany(w => w.Latencies)];
            Array.Sort(latencies);
            Errors += workers.Sum(w => w.Errors);
            FirstError ??= workers.Select(w => w.FirstError).FirstOrDefault(e => e is not null);
        }

        public string ToRow()
        {
            var format = Format == HttpFormat.None ? "-" : Format.ToString().ToLowerInvariant();
            if (Requests == 0)
            {
                return $"| {Workload.Id} | {Protocol} | {format} | 0 | {Errors} | failed: {FirstError?.Replace('|', '/')} | | | | |";
            }

            var rps = Requests / Elapsed.TotalSeconds;
            return string.Create(
                CultureInfo.InvariantCulture,
                $"| {Workload.Id} | {Protocol} | {format} | {Requests:N0} | {Errors} | {rps:N0} | {Percentile(0.50):N3} | {Percentile(0.99):N3} | {ResponseBytes:N0} | {AllocatedBytes / Requests:N0} B |");
        }

        private double Percentile(double p)
        {
            var index = Math.Clamp((int)Math.Ceiling(p * latencies.Length) - 1, 0, latencies.Length - 1);
            return latencies[index] * 1000.0 / Stopwatch.Frequency;
        }
    }
}
