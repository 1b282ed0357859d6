using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Runtime.InteropServices;
using System.Text.Json;
using Pack.Client;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// <c>Demo rolling --url http://proxy:8080</c>: the client of the rolling-upgrade compose profile
/// (docs/rolling-upgrade.md). Several workers call <c>/api/shipments</c> through the proxy in a mix of JSON and Pack
/// (GETs, and POSTs the replica echoes back) until stopped (SIGTERM, Ctrl+C or <c>--seconds</c>), while the replicas
/// behind the proxy are restarted and upgraded. Every answer is checked: status 200, the format asked for, and every
/// value equal to what was sent or expected, given the contract version of the replica that answered (a version-1
/// replica cannot know <see cref="Shipment.TrackingUrl"/>, so it must come back null, not garbled). Returns 0 only when
/// every call succeeded with every value intact and both contract versions, both formats and at least two replicas answered.
/// </summary>
public static class RollingUpgradeRunner
{
    private static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web);

    public static async Task<int> RunAsync(string[] args, TextWriter output, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);

        Uri? url = null;
        var workers = 4;
        var seconds = 600;
        var pauseMs = 5;
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--url" when i + 1 < args.Length && Uri.TryCreate(args[i + 1], UriKind.Absolute, out Uri? parsed):
                    url = parsed;
                    i++;
                    break;
                case "--workers" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out workers) && workers > 0:
                case "--seconds" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out seconds) && seconds > 0:
                case "--pause-ms" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out pauseMs) && pauseMs >= 0:
                    i++;
                    break;
                default:
                    output.WriteLine($"Unknown or incomplete argument '{args[i]}'. Usage: Demo rolling --url http://proxy:8080 [--workers N] [--seconds N] [--pause-ms N]");
                    return 2;
            }
        }

        if (url is null)
        {
            output.WriteLine("Usage: Demo rolling --url http://proxy:8080 [--workers N] [--seconds N] [--pause-ms N]");
            return 2;
        }

        // Stopping ends the loops; calls already in flight still finish and are checked.
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        stop.CancelAfter(TimeSpan.FromSeconds(seconds));
        using PosixSignalRegistration terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, context =>
        {
            context.Cancel = true;
            stop.Cancel();
        });

        using var http = new HttpClient { BaseAddress = url, Timeout = TimeSpan.FromSeconds(30) };
        var tally = new RollingTally(DateTimeOffset.UtcNow);
        long started = Stopwatch.GetTimestamp();
        var sequence = 0;
        output.WriteLine($"Rolling-upgrade client: {workers} workers calling {url}api/shipments until stopped (at most {seconds} s).");

        var loops = new Task[workers];
        for (var w = 0; w < workers; w++)
        {
            loops[w] = Task.Run(
                async () =>
                {
                    while (!stop.IsCancellationRequested)
                    {
                        int n = Interlocked.Increment(ref sequence);
                        // Random, not n % length: with round-robin balancing a fixed cycle would pair kinds with replicas.
                        RollingCall call = RollingCall.Mix[Random.Shared.Next(RollingCall.Mix.Length)];
                        tally.Add(await CallAsync(http, call, n, started).ConfigureAwait(false));
                        if (pauseMs > 0)
                        {
                            try
                            {
                                await Task.Delay(pauseMs, stop.Token).ConfigureAwait(false);
                            }
                            catch (OperationCanceledException)
                            {
                                break;
                            }
                        }
                    }
                },
                CancellationToken.None);
        }

        Task all = Task.WhenAll(loops);
        while (!all.IsCompleted)
        {
            await Task.WhenAny(all, Task.Delay(5000, CancellationToken.None)).ConfigureAwait(false);
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {Stopwatch.GetElapsedTime(started).TotalSeconds,6:F1} s  {tally.Calls} calls, {tally.Failed} failed"));
        }

        await all.ConfigureAwait(false);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(started);

        output.WriteLine();
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Calls: {tally.Calls} in {elapsed.TotalSeconds:F1} s; succeeded with every value intact: {tally.Calls - tally.Failed}; failed or misread: {tally.Failed}"));
        tally.Write(output);

        var problems = new List<string>();
        if (tally.Calls == 0)
        {
            problems.Add("no call was made");
        }

        if (tally.Failed > 0)
        {
            problems.Add($"{tally.Failed} calls failed or came back with a value lost or misread");
        }

        if (!tally.Versions().SetEquals([1, 2]))
        {
            problems.Add($"contract versions that answered: {string.Join(", ", tally.Versions())} (both 1 and 2 were expected)");
        }

        if (tally.Replicas() < 2)
        {
            problems.Add($"only {tally.Replicas()} replica answered");
        }

        if (tally.ResponseFormats() < 2)
        {
            problems.Add("not both JSON and Pack answered");
        }

        output.WriteLine();
        output.WriteLine(problems.Count == 0
            ? "Result: every call succeeded, both contract versions and both formats answered, no value was lost or misread."
            : "Result: FAILED: " + string.Join("; ", problems) + ".");
        return problems.Count == 0 ? 0 : 1;
    }

    private static async Task<RollingOutcome> CallAsync(HttpClient http, RollingCall call, int n, long started)
    {
        int id = 1 + (n % 5000);
        Shipment? sent = null;
        using var request = new HttpRequestMessage(call.Method, call.Method == HttpMethod.Get ? $"api/shipments/{id}" : "api/shipments");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(call.ResponseFormat == "pack" ? PackMediaTypes.Pack : "application/json"));
        if (call.Method == HttpMethod.Post)
        {
            sent = ShipmentContract.Create(id);
            sent.Carrier += " (sent)";
            sent.WeightKg += 0.001m * n;
            sent.TrackingUrl = string.Create(CultureInfo.InvariantCulture, $"https://track.example/sent/{n}");
            request.Content = call.RequestFormat == "pack" ? PackContent.Create(sent) : JsonContent.Create(sent, options: JsonOptions);
        }

        string? replica = null;
        var version = 0;
        try
        {
            using HttpResponseMessage response = await http.SendAsync(request, CancellationToken.None).ConfigureAwait(false);
            replica = Header(response, ShipmentContract.ReplicaHeader);
            int.TryParse(Header(response, ShipmentContract.VersionHeader), CultureInfo.InvariantCulture, out version);
            string? mediaType = response.Content.Headers.ContentType?.MediaType;
            Shipment? received = response.IsSuccessStatusCode ? await response.Content.ReadFromPackAsync<Shipment>(CancellationToken.None).ConfigureAwait(false) : null;

            string? error = (int)response.StatusCode != 200 ? $"status {(int)response.StatusCode}"
                : version is not (1 or 2) ? "no contract version header"
                : mediaType != (call.ResponseFormat == "pack" ? PackMediaTypes.Pack : "application/json") ? $"asked for {call.ResponseFormat}, got {mediaType}"
                : Mismatch(Expected(sent ?? ShipmentContract.Create(id), version), received);
            return new RollingOutcome(call, Stopwatch.GetElapsedTime(started), replica, version, error);
        }
        catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException or PackException or JsonException)
        {
            return new RollingOutcome(call, Stopwatch.GetElapsedTime(started), replica, version, $"{ex.GetType().Name}: {ex.Message}");
        }
    }

    /// <summary>What a replica of this version must send back: all it knows, and nothing in place of what it does not.</summary>
    private static Shipment Expected(Shipment value, int version)
    {
        Shipment expected = JsonSerializer.Deserialize<Shipment>(JsonSerializer.Serialize(value, JsonOptions), JsonOptions)!;
        if (version == 1)
        {
            expected.TrackingUrl = null;
        }

        return expected;
    }

    private static string? Mismatch(Shipment expected, Shipment? received)
    {
        string want = JsonSerializer.Serialize(expected, JsonOptions);
        string got = JsonSerializer.Serialize(received, JsonOptions);
        return want == got ? null : $"value mismatch: expected {want}, got {got}";
    }

    private static string? Header(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out IEnumerable<string>? values) ? values.FirstOrDefault() : null;
}
