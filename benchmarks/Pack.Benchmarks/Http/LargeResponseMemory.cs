using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Pack.Client;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The <c>--memory</c> mode: the server's memory cost of one large response, H3 (a W4 organization) at 10,000, 100,000
/// and 1,000,000 members (<c>--members</c>), JSON vs Pack, through the MVC controller over HTTP/1.1. Each row gets a
/// fresh server process: the path is warmed on 1,000 members (about 95 KB in Pack, past the 64 KiB at which Pack's
/// writer first flushes, so that path is compiled before the measurement too), the organization is built on the server without being sent,
/// then for each of <c>--requests</c> (default 3) sequential requests the server collects garbage and resets its peak
/// working set (<c>/proc/self/clear_refs</c>), the client reads the whole body (the last one decoded and checked), and
/// the server reports its peak. Columns: the server's working set before the first request, the highest peak of the
/// requests, the difference (what answering cost on top of the data already held, buffers kept by the server's memory
/// pool included), and the most bytes the server allocated for one request. Measurement only: it changes no formatter.
/// </summary>
public static class LargeResponseMemory
{
    private const int WarmupMembers = 1_000;

    /// <summary>Runs the mode and returns the process exit code.</summary>
    public static async Task<int> RunAsync(string[] args)
    {
        var index = Array.IndexOf(args, "--members");
        var sizes = index >= 0 && index + 1 < args.Length
            ? args[index + 1].Split(',').Select(s => int.Parse(s, NumberStyles.None, CultureInfo.InvariantCulture)).ToArray()
            : [10_000, 100_000, 1_000_000];
        index = Array.IndexOf(args, "--requests");
        var requests = index >= 0 && index + 1 < args.Length ? int.Parse(args[index + 1], NumberStyles.None, CultureInfo.InvariantCulture) : 3;
        index = Array.IndexOf(args, "--out");
        var output = index >= 0 && index + 1 < args.Length ? args[index + 1] : Path.Combine("BenchmarkDotNet.Artifacts", "results");

        var report = new StringBuilder()
            .AppendLine("# H3 large responses: server memory per request, JSON vs Pack (MVC, HTTP/1.1)")
            .AppendLine()
            .AppendLine(CultureInfo.InvariantCulture, $"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {Machine.Describe()}. A fresh server process per row; {requests} sequential requests per row, figures are the largest of them.")
            .AppendLine()
            .AppendLine("| members | format | response bytes | working set before | peak during request | peak - before | server alloc/req | load start-end |")
            .AppendLine("|---:|---|---:|---:|---:|---:|---:|---|");
        Console.Write(report.ToString());
        var failed = false;
        foreach (var members in sizes)
        {
            foreach (var format in new[] { HttpFormat.Json, HttpFormat.Pack })
            {
                var row = await MeasureAsync(members, format, requests);
                failed |= row is null;
                var line = row ?? $"| {members:N0} | {format} | failed | | | | | |";
                Console.WriteLine(line);
                report.AppendLine(line);
            }
        }

        report.AppendLine().AppendLine("`peak - before` is the memory the server needed to answer on top of what it already held (the organization itself is built before the first request). Both formatters flush as they write (Pack's through `PackSerializer.SerializeAsync(PipeWriter)`, at about 64 KiB), so neither holds a whole response: this column shows what each still costs.");
        Directory.CreateDirectory(output);
        var path = Path.Combine(output, "h3-memory.md");
        await File.WriteAllTextAsync(path, report.ToString());
        Console.WriteLine($"Written to {Path.GetFullPath(path)}");
        return failed ? 1 : 0;
    }

    private static async Task<string?> MeasureAsync(int members, HttpFormat format, int requests)
    {
        await using var server = await ServerProcess.StartAsync();
        using var client = new HttpClient { BaseAddress = server.Http1, Timeout = TimeSpan.FromMinutes(5) };
        static string Path(int members) => string.Create(CultureInfo.InvariantCulture, $"{HttpWorkloadPaths.Of(HttpWorkloadPaths.Organization)}?members={members}");
        var mediaType = format == HttpFormat.Pack ? PackMediaTypes.Pack : "application/json";
        try
        {
            // Warms the code path on a small organization, then builds the large one on the server without sending it, so
            // that the first measured request also pays for any buffer the server grows and keeps (Kestrel's memory pool).
            await ReadAsync(client, Path(WarmupMembers), mediaType, decode: true, WarmupMembers);
            await server.PrepareAsync(members);
            long before = 0, peak = 0, allocated = 0, bytes = 0;
            var loadStart = MachineLoad.Capture(server.ProcessId);
            for (var i = 0; i < requests; i++)
            {
                var start = await server.GetStatsAsync(reset: true);
                bytes = await ReadAsync(client, Path(members), mediaType, decode: i == requests - 1, members);
                var end = await server.GetStatsAsync(reset: false);
                before = i == 0 ? start.WorkingSet : before;
                peak = Math.Max(peak, end.PeakWorkingSet);
                allocated = Math.Max(allocated, end.AllocatedBytes - start.AllocatedBytes);
            }

            var loadEnd = MachineLoad.Capture(server.ProcessId);
            return string.Create(
                CultureInfo.InvariantCulture,
                $"| {members:N0} | {format.ToString().ToLowerInvariant()} | {bytes:N0} | {Mb(before)} | {Mb(peak)} | {Mb(peak - before)} | {Mb(allocated)} | {loadStart.LoadAverage1:N2}-{loadEnd.LoadAverage1:N2} |");
        }
        catch (Exception exception) when (exception is HttpRequestException or InvalidDataException or IOException or TaskCanceledException or PackException or System.Text.Json.JsonException)
        {
            Console.Error.WriteLine($"FAILED {members} {format}: {exception.GetType().Name}: {exception.Message}");
            return null;
        }
    }

    private static async Task<long> ReadAsync(HttpClient client, string path, string mediaType, bool decode, int members)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        if (response.StatusCode != HttpStatusCode.OK || response.Content.Headers.ContentType?.MediaType != mediaType)
        {
            throw new HttpRequestException($"{path}: {(int)response.StatusCode} '{response.Content.Headers.ContentType?.MediaType}', expected 200 '{mediaType}'");
        }

        if (decode)
        {
            var body = await response.Content.ReadAsByteArrayAsync();
            var organization = mediaType == PackMediaTypes.Pack
                ? PackSerializer.Deserialize<Workloads.Organization>(body)
                : System.Text.Json.JsonSerializer.Deserialize<Workloads.Organization>(body, System.Text.Json.JsonSerializerOptions.Web);
            return organization?.Members?.Count == members ? body.Length : throw new InvalidDataException($"{path}: decoded {organization?.Members?.Count} members");
        }

        await using var stream = await response.Content.ReadAsStreamAsync();
        var buffer = new byte[64 * 1024];
        long total = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            total += read;
        }

        return total;
    }

    private static string Mb(long bytes) => string.Create(CultureInfo.InvariantCulture, $"{bytes / (1024.0 * 1024.0):N1} MB");
}
