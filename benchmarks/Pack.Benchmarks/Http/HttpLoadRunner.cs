using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Runtime.InteropServices;
using System.Text;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The <c>--http</c> mode: a closed-loop load test of H0 (Kestrel ceiling), H1–H5 and the streaming calls H6–H7 against
/// <see cref="HttpBenchmarkServer"/> in its own process. For each (workload, protocol, format) cell, <c>--concurrency</c>
/// workers (<c>--stream-concurrency</c> for H6–H7) each send one request or make one streaming call, check it, and send
/// the next, for <c>--warmup</c> seconds unrecorded and then <c>--seconds</c> recorded. Prints a markdown table and writes
/// it to <c>&lt;out&gt;/http-load.md</c>. Returns 1 if any request failed.
/// </summary>
/// <remarks>
/// The awaits here deliberately keep their context (no <c>ConfigureAwait(false)</c>): the workers' continuations are
/// meant to stay on the <see cref="ClientThreadPool"/>, off the thread pool Kestrel runs on.
/// </remarks>
public static class HttpLoadRunner
{
    private const string Usage = "usage: --http [--seconds S] [--warmup S] [--concurrency 16,64] [--stream-concurrency 1] [--stream-items 100000] [--round-trips 1000] [--client-threads N] [--workloads H1,H6,...] [--protocols 1.1,2] [--formats json,pack,pack-producer,grpc,grpc-codefirst] [--apis mvc,minimal] [--rounds N] [--retries N] [--max-foreign-cpu 0.10] [--server-url 'URL1;URL2'] [--out DIR]";

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

        // The request/response workloads at each --concurrency, then the streaming calls at each --stream-concurrency.
        var workloads = HttpWorkload.Create(options.StreamItems, options.RoundTrips);
        var cells = (from streaming in new[] { false, true }
                     from concurrency in streaming ? options.StreamConcurrency : options.Concurrency
                     from workload in workloads
                     where workload.IsStreamingCall == streaming
                     where options.Workloads.Count == 0 || options.Workloads.Any(w => workload.Id.StartsWith(w, StringComparison.OrdinalIgnoreCase))
                     from protocol in new[] { HttpVersion.Version11, HttpVersion.Version20 }
                     where options.Protocols.Contains(protocol)
                     from format in workload.Formats
                     where format == HttpFormat.None || options.Formats.Contains(format)
                     from api in format is HttpFormat.Json or HttpFormat.Pack or HttpFormat.PackProducer ? options.Apis : [HttpApi.None]
                     where workload.Runs(format, api, protocol)
                     select new CellKey(workload, protocol, format, api, concurrency)).ToList();
        if (cells.Count == 0)
        {
            Console.Error.WriteLine("No (workload, protocol, format, api) cell matches the filters.");
            return 2;
        }

        await using var server = options.ServerUrls is { } urls ? await ServerProcess.AttachAsync(urls) : await ServerProcess.StartAsync();
        var serverStats = await server.GetStatsAsync(reset: false);
        var header = Header(options, cells.Count, server, serverStats);
        Console.WriteLine(header);
        using var clientThreads = new ClientThreadPool(options.ClientThreads);
        // With --rounds N every cell runs N times, the rounds interleaved (each round the whole list, every other one in
        // reverse order) so that drift on a shared machine falls on every peer alike; the table reports each cell's
        // median round by RPS and lists every round's RPS.
        var rounds = cells.ToDictionary(cell => cell, _ => new List<CellResult>());
        for (var round = 0; round < options.Rounds; round++)
        {
            var order = round % 2 == 0 ? cells : Enumerable.Reverse(cells);
            foreach (var cell in order)
            {
                var baseAddress = cell.Protocol == HttpVersion.Version20 ? server.Http2 : server.Http1;
                CellResult result;
                var attempt = 0;
                while (true)
                {
                    result = await RunCellAsync(cell, baseAddress, options, clientThreads, server);
                    result.Attempts = ++attempt;
                    if (!result.Interfered(options.MaxForeignCpu) || attempt > options.Retries || result.Errors > 0)
                    {
                        break;
                    }

                    Console.WriteLine($"{result.ToRow(options.MaxForeignCpu)}  <- other processes used {result.ForeignCpu:P0} of the machine: repeating");
                }

                Console.WriteLine(options.Rounds == 1 ? result.ToRow(options.MaxForeignCpu) : $"{result.ToRow(options.MaxForeignCpu)} round {round + 1}");
                rounds[cell].Add(result);
            }
        }

        var rows = cells.Select(cell => CellResult.Median(rounds[cell])).ToList();

        var report = new StringBuilder(header).AppendLine().AppendLine(CellResult.TableHeader);
        foreach (var row in rows)
        {
            report.AppendLine(row.ToRow(options.MaxForeignCpu));
        }

        report.AppendLine().AppendLine(Notes);
        Directory.CreateDirectory(options.OutputDirectory);
        var path = Path.Combine(options.OutputDirectory, "http-load.md");
        await File.WriteAllTextAsync(path, report.ToString());
        Console.WriteLine();
        Console.WriteLine(report.ToString());
        Console.WriteLine($"Written to {Path.GetFullPath(path)}");

        var failed = rounds.Values.SelectMany(r => r).Where(r => r.Errors > 0 || r.Calls == 0).ToList();
        foreach (var row in failed)
        {
            Console.Error.WriteLine($"FAILED {row.Key.Workload.Id} HTTP/{row.Protocol} {row.Key.Format} {row.Key.Api} x{row.Key.Concurrency}: {row.Errors} errors, {row.Calls} requests; first error: {row.FirstError}");
        }

        return failed.Count == 0 ? 0 : 1;
    }

    private const string Notes = """
        - Closed loop: each worker sends its next request when the previous one has been read and checked. `RPS` = checked requests / measured seconds (for H5 one request is the whole stream; `items/s` = RPS x items); `p50`/`p99` = per-request latency in ms, from sending to the decoded and checked value.
        - Every response is checked: status 200, the protocol version, the media type (`application/json`, `application/x-pack`, `application/x-pack-stream` for H5, `application/grpc`), and the decoded item count; the first request of each cell also compares the whole decoded value with the server's data. `errors` counts failed requests.
        - `api`: `mvc` = controller action, format negotiated by `Accept` among the output formatters; `minimal` = minimal API, `PackResults.Ok` (and `PackBody<T>`) for Pack, the returned value (and a bound parameter) for JSON. gRPC: `grpc` = Grpc.AspNetCore with `.proto`-generated messages, `grpc-codefirst` = protobuf-net.Grpc with C# contracts; both h2c only.
        - Streaming calls (H6, H7; `--stream-concurrency` calls in flight, default 1): one request is one call. H6_Upload100k sends 100,000 W4 members as fast as the client produces them and gets one summary (count and sum of `Value`), checked on every call; H7_Echo100k sends 100,000 members without waiting while reading each echo, and H7_PingPong1k sends one W6 object, waits for its echo, 1,000 times on one call; every echoed item is compared field for field with the one sent. `items/s` = members (or round trips) per second; `p50`/`p99` = per call, except H7_PingPong1k: per round trip (from handing the item to the client library to its echo decoded and checked). H7 needs HTTP/2 (full duplex); H6 runs on both. Pack: `PostAsPackStreamAsync` / `StreamPackAsync` to `[FromBody] IAsyncEnumerable<T>` (MVC) or `PackStreamBody<T>` (minimal), except H7_PingPong1k: `pack` is the caller-driven `PackDuplexCall` (`WriteAsync` then `MoveNextAsync` per round trip, as the gRPC client), `pack-producer` is `StreamPackAsync` from an `IAsyncEnumerable<T>` that yields the next item once the previous one was answered; JSON (H6 only, minimal API): one array serialized from an `IAsyncEnumerable<T>` by `PostAsJsonAsync`, read by `JsonSerializer.DeserializeAsyncEnumerable`; Grpc.AspNetCore: `stream` methods, the generated client's `RequestStream.WriteAsync` per item; protobuf-net.Grpc: `IAsyncEnumerable<T>` in and out. Both gRPC servers and Pack flush each item they write.
        - `body bytes`: the body of one response as it arrives (no compression; gRPC: its length-prefixed messages); for H4 the request body is the same size. H6, H7: the request stream of one call, computed from the same items (Pack frames and End frame, the JSON array, gRPC's length-prefixed messages); H7's echoed stream is the same size. Pack requests go through Pack.Client (`Accept: application/x-pack, application/json;q=0.9`), JSON requests through System.Net.Http.Json with `Accept: application/json`, gRPC through Grpc.Net.Client.
        - `server alloc/req`: the server process's `GC.GetTotalAllocatedBytes(true)` (its `/stats` endpoint) over the measured seconds divided by requests (H6, H7: by calls); `client alloc/req` the same in this (client) process.
        - `server CPU/req`, `client CPU/req`: the CPU time (user + system, from `/proc/<pid>/stat`, 10 ms ticks) each process used over the measured seconds divided by requests (H6, H7: by calls), in µs. On a machine where client and server share the cores this is the steadier figure: RPS moves with how the two processes and their thread pools happen to share the cores, the cost of a request does not.
        - `--rounds N`: every cell runs N times, the rounds interleaved (the whole list each round, every other round in reverse), and the row shown is the cell's median round by RPS; `rounds` lists every round's RPS in the order run.
        - The server is a separate process (`--server`) on 127.0.0.1: one port HTTP/1.1 only, one port HTTP/2 only (h2c, prior knowledge), the same Kestrel settings for every peer. One `HttpClient` (or `GrpcChannel`) over a pooled `SocketsHttpHandler` per cell: HTTP/1.1 opens up to one connection per worker; HTTP/2 multiplexes all workers over one connection (`RequestVersionExact`, `EnableMultipleHttp2Connections = false`).
        - Workers run on a separate client thread pool (dedicated threads; their awaits resume there); socket completions use the client process's .NET thread pool.
        - `load`: the 1-minute load average at the start and end of the measured seconds (it counts this benchmark's own client and server too, so back-to-back cells raise it by themselves). `other CPU`: the share of all cores used by processes other than this client and the server during the measured seconds (`/proc/stat` less both processes' CPU time): the interference figure. A cell above the threshold is run again (up to `--retries` times); `!` marks one still above it, `runs` counts attempts.
        """;

    private static string Header(HttpLoadOptions options, int cells, ServerProcess server, ServerStats stats) =>
        $"""
        # HTTP workloads (H0–H7), closed-loop load, server in its own process

        {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {Machine.Describe()}; server pid {server.ProcessId} at {server.Http1} (HTTP/1.1) and {server.Http2} (h2c), server GC {stats.ServerGc}.
        {cells} cells{(options.Rounds == 1 ? "" : $" x {options.Rounds} interleaved rounds (the table shows each cell's median round by RPS; `rounds` lists every round's RPS)")}, {options.WarmupSeconds.ToString(CultureInfo.InvariantCulture)} s warmup + {options.Seconds.ToString(CultureInfo.InvariantCulture)} s measured each; {string.Join(" and ", options.Concurrency)} concurrent workers (streaming calls: {string.Join(" and ", options.StreamConcurrency)}) on {options.ClientThreads} client threads; interference threshold {options.MaxForeignCpu:P0} other CPU, {options.Retries} retries.
        Streaming calls: {options.StreamItems:N0} members per H6_Upload100k and H7_Echo100k call, {options.RoundTrips:N0} round trips per H7_PingPong1k call{(options.StreamItems == HttpWorkload.DefaultStreamItems && options.RoundTrips == HttpWorkload.DefaultRoundTrips ? "" : " (NOT the defined sizes: proves the cells, measures nothing)")}.
        """;

    private static async Task<CellResult> RunCellAsync(CellKey cell, Uri baseAddress, HttpLoadOptions options, ClientThreadPool clientThreads, ServerProcess server)
    {
        var (workload, protocol, format, api, _) = cell;
        var result = new CellResult(cell);
        using var client = new HttpCellClient(format, api, workload.Action, baseAddress, protocol, workload.ExpectedMediaType(format));
        try
        {
            // One full check of the decoded value, then the bytes of one response as they come off the wire (a streaming
            // call: of its request stream, computed).
            var items = await clientThreads.Run(() => workload.ExecuteAsync(client, true, null, CancellationToken.None));
            if (workload.RequestStreamBytes is { } requestStreamBytes)
            {
                result.ResponseBytes = items == workload.ExpectedItems ? requestStreamBytes(format) : throw new InvalidDataException($"decoded {items} items, expected {workload.ExpectedItems}");
            }
            else
            {
                using var probe = workload.CreateProbeRequest(format, client.Path);
                using var response = await client.Http.SendAsync(probe);
                result.ResponseBytes = (await response.Content.ReadAsByteArrayAsync()).Length;
            }
        }
        catch (Exception exception) when (exception is HttpRequestException or InvalidDataException or OperationCanceledException or IOException or System.Text.Json.JsonException or PackException or global::Grpc.Core.RpcException or ProtoBuf.ProtoException)
        {
            result.Errors++;
            result.FirstError = exception.GetType().Name + ": " + exception.Message;
            return result;
        }

        if (options.WarmupSeconds > 0)
        {
            await RunWorkersAsync(workload, client, cell.Concurrency, options.WarmupSeconds, clientThreads, record: null);
        }

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        var serverBefore = await server.GetStatsAsync(reset: false);
        var allocated = GC.GetTotalAllocatedBytes(precise: true);
        result.LoadStart = MachineLoad.Capture(server.ProcessId);
        var stopwatch = Stopwatch.StartNew();
        await RunWorkersAsync(workload, client, cell.Concurrency, options.Seconds, clientThreads, result);
        stopwatch.Stop();
        result.LoadEnd = MachineLoad.Capture(server.ProcessId);
        result.ClientAllocatedBytes = GC.GetTotalAllocatedBytes(precise: true) - allocated;
        var serverAfter = await server.GetStatsAsync(reset: false);
        result.ServerAllocatedBytes = serverAfter.AllocatedBytes - serverBefore.AllocatedBytes;
        result.Elapsed = stopwatch.Elapsed;
        return result;
    }

    private static async Task RunWorkersAsync(HttpWorkload workload, HttpCellClient client, int concurrency, double seconds, ClientThreadPool clientThreads, CellResult? record)
    {
        var deadline = Stopwatch.GetTimestamp() + (long)(seconds * Stopwatch.Frequency);
        var workers = new Task<WorkerResult>[concurrency];
        for (var i = 0; i < workers.Length; i++)
        {
            workers[i] = clientThreads.Run(() => WorkAsync(workload, client, deadline));
        }

        var results = await Task.WhenAll(workers);
        record?.Add(results);
    }

    private static async Task<WorkerResult> WorkAsync(HttpWorkload workload, HttpCellClient client, long deadline)
    {
        var result = new WorkerResult();
        while (Stopwatch.GetTimestamp() < deadline)
        {
            var start = Stopwatch.GetTimestamp();
            try
            {
                var items = await workload.ExecuteAsync(client, false, workload.RecordsRoundTrips ? result.Latencies : null, CancellationToken.None);
                if (items != workload.ExpectedItems)
                {
                    throw new InvalidDataException($"decoded {items} items, expected {workload.ExpectedItems}");
                }

                if (!workload.RecordsRoundTrips)
                {
                    result.Latencies.Add(Stopwatch.GetTimestamp() - start);
                }

                result.Calls++;
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                result.Errors++;
                result.FirstError ??= exception.GetType().Name + ": " + exception.Message;
            }
        }

        return result;
    }

    private sealed record CellKey(HttpWorkload Workload, Version Protocol, HttpFormat Format, HttpApi Api, int Concurrency);

    private sealed class WorkerResult
    {
        public List<long> Latencies { get; } = new(1024);

        public int Calls { get; set; }

        public int Errors { get; set; }

        public string? FirstError { get; set; }
    }

    private sealed class CellResult(CellKey key)
    {
        public const string TableHeader = """
            | workload | HTTP | format | api | in flight | requests | errors | RPS | items/s | p50 ms | p99 ms | body bytes | server alloc/req | client alloc/req | server CPU/req | client CPU/req | load start-end | other CPU | runs | rounds |
            |---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|
            """;

        private long[] latencies = [];

        public CellKey Key { get; } = key;

        public string Protocol => Key.Protocol == HttpVersion.Version20 ? "2" : "1.1";

        public int Calls { get; private set; }

        public int Errors { get; set; }

        public string? FirstError { get; set; }

        public long ResponseBytes { get; set; } = -1;

        public long ServerAllocatedBytes { get; set; }

        public long ClientAllocatedBytes { get; set; }

        public TimeSpan Elapsed { get; set; }

        public MachineLoad LoadStart { get; set; }

        public MachineLoad LoadEnd { get; set; }

        public int Attempts { get; set; }

        /// <summary>Every round's RPS of this cell, in the order run, when there was more than one round.</summary>
        public IReadOnlyList<double> RoundRps { get; private set; } = [];

        public double Rps => Calls / Elapsed.TotalSeconds;

        /// <summary>The round with the median RPS (of an even count, the lower middle), carrying every round's RPS.</summary>
        public static CellResult Median(List<CellResult> rounds)
        {
            var ranked = rounds.Where(r => r.Calls > 0).OrderBy(r => r.Rps).ToList();
            var median = ranked.Count == 0 ? rounds[0] : ranked[(ranked.Count - 1) / 2];
            median.RoundRps = rounds.Count > 1 ? [.. rounds.Select(r => r.Calls > 0 ? r.Rps : 0)] : [];
            median.Errors = rounds.Sum(r => r.Errors);
            median.Attempts = rounds.Sum(r => r.Attempts);
            return median;
        }

        public double ForeignCpu => MachineLoad.ForeignCpu(LoadStart, LoadEnd);

        public bool Interfered(double threshold) => ForeignCpu > threshold;

        public void Add(WorkerResult[] workers)
        {
            latencies = [.. workers.SelectMany(w => w.Latencies)];
            Calls = workers.Sum(w => w.Calls);
            Array.Sort(latencies);
            Errors += workers.Sum(w => w.Errors);
            FirstError ??= workers.Select(w => w.FirstError).FirstOrDefault(e => e is not null);
        }

        public string ToRow(double threshold)
        {
            var format = Key.Format switch
            {
                HttpFormat.None => "-",
                HttpFormat.GrpcCodeFirst => "grpc-codefirst",
                HttpFormat.PackProducer => "pack-producer",
                _ => Key.Format.ToString().ToLowerInvariant(),
            };
            var api = Key.Api == HttpApi.None ? "-" : Key.Api.ToString().ToLowerInvariant();
            var prefix = $"| {Key.Workload.Id} | {Protocol} | {format} | {api} | {Key.Concurrency} |";
            if (Calls == 0)
            {
                return $"{prefix} 0 | {Errors} | failed: {FirstError?.Replace('|', '/')} | | | | | | | | | | | | |";
            }

            var rps = Rps;
            var cpu = MachineLoad.CpuMicrosecondsPer(LoadStart, LoadEnd, Calls);
            var roundList = string.Join(" / ", RoundRps.Select(r => r.ToString("N0", CultureInfo.InvariantCulture)));
            var flag = Interfered(threshold) ? " !" : string.Empty;
            return string.Create(
                CultureInfo.InvariantCulture,
                $"{prefix} {Calls:N0} | {Errors} | {rps:N0} | {rps * Math.Max(1, Key.Workload.ExpectedItems):N0} | {Percentile(0.50):N3} | {Percentile(0.99):N3} | {ResponseBytes:N0} | {ServerAllocatedBytes / Calls:N0} B | {ClientAllocatedBytes / Calls:N0} B | {cpu.Server:N1} µs | {cpu.Client:N1} µs | {LoadStart.LoadAverage1:N2}-{LoadEnd.LoadAverage1:N2} | {ForeignCpu:P0}{flag} | {Attempts} | {roundList} |");
        }

        private double Percentile(double p)
        {
            var index = Math.Clamp((int)Math.Ceiling(p * latencies.Length) - 1, 0, latencies.Length - 1);
            return latencies[index] * 1000.0 / Stopwatch.Frequency;
        }
    }
}
