using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using Pack.Client;
using Pack.Samples.Contracts;
using Pack.Schema;

namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// <c>Demo rolling --url http://proxy:8080</c>: the client of the rolling-upgrade compose profile
/// (docs/rolling-upgrade.md). Several workers call <c>/api/shipments</c> through the proxy in a mix of JSON and Pack
/// (GETs, GETs served from the HybridCache the replicas share, and POSTs the replica echoes back) until stopped (SIGTERM, Ctrl+C, <c>--seconds</c> or <c>--calls</c>), while
/// the replicas behind the proxy are restarted, upgraded, and one replica ships an incompatible contract. Every call ends
/// one of four ways, counted per deployment step (the proxy names the step in each answer): <b>ok</b> (status 200, the format asked
/// for, every value equal to what was sent or expected given the contract version of the replica that answered);
/// <b>refused</b> (the response's <c>Pack-Schema</c> names a contract the client's <see cref="Shipment"/> cannot read,
/// so <c>PackSchemaMismatchException</c> is thrown before a byte is decoded; or the replica answered a Pack request body
/// with 409 and the violations); <b>misread</b> (a value decoded but wrong: the values are known, so this is caught);
/// <b>failed</b> (anything else). Returns 0 only when nothing was misread or failed, calls were refused in every step
/// named by <c>--incompatible-step</c> and in no other, and the expected contract versions, both formats and at least two
/// replicas answered. With <c>--shared-cache</c> (the replicas share a Redis cache, docker-compose) the cached GETs must
/// also show it: a replica read an entry another contract version wrote (when versions 1 and 2 both answered), entries
/// were refused as incompatible (when a step is named by <c>--incompatible-step</c>), and no entry was corrupt.
/// </summary>
public static class RollingUpgradeRunner
{
    /// <summary>The response header in which the proxy names the deployment step (the proxy's <c>DeploymentStep.HeaderName</c>).</summary>
    public const string StepHeader = "X-Deployment-Step";

    /// <summary>The response header in which the proxy names the replica it forwarded to (the proxy's <c>ProxyApp.DestinationHeader</c>).</summary>
    public const string ProxyDestinationHeader = "X-Proxy-Destination";

    private const string Usage = "Usage: Demo rolling --url http://proxy:8080 [--workers N] [--seconds N] [--pause-ms N] [--calls N] [--schema-check on|off] [--incompatible-step NAME]... [--expect-versions 1,2] [--shared-cache]";

    /// <summary>
    /// How many shipments the cached GETs ask for (<c>shipment:1</c> to <c>shipment:32</c> in the shared cache): few, so
    /// that every replica soon reads entries the others wrote.
    /// </summary>
    private const int CachedIds = 32;

    private static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web);

    // The response check (docs/schema.md §5.1) on, as it is by default; said here because it is what the run shows.
    private static readonly PackClientOptions ClientOptions = new() { CheckResponseSchema = true, JsonSerializerOptions = JsonOptions };

    // `--schema-check off`, the negative control: responses read unchecked, request bodies sent without Pack-Schema.
    private static readonly PackClientOptions UncheckedOptions = new() { CheckResponseSchema = false, SendRequestSchema = false, JsonSerializerOptions = JsonOptions };

    public static async Task<int> RunAsync(string[] args, TextWriter output, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);

        Uri? url = null;
        var workers = 4;
        var seconds = 600;
        var pauseMs = 5;
        var maxCalls = int.MaxValue;
        var schemaCheck = true;
        var incompatibleSteps = new List<string>();
        int[] expectedVersions = [1, 2];
        var sharedCache = false;
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--url" when i + 1 < args.Length && Uri.TryCreate(args[i + 1], UriKind.Absolute, out Uri? parsed):
                    url = parsed;
                    i++;
                    break;
                case "--schema-check" when i + 1 < args.Length && args[i + 1] is "on" or "off":
                    schemaCheck = args[++i] == "on";
                    break;
                case "--shared-cache":
                    sharedCache = true;
                    break;
                case "--incompatible-step" when i + 1 < args.Length:
                    incompatibleSteps.Add(args[++i]);
                    break;
                case "--expect-versions" when i + 1 < args.Length && TryParseVersions(args[i + 1], out int[] versions):
                    expectedVersions = versions;
                    i++;
                    break;
                case "--workers" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out workers) && workers > 0:
                case "--seconds" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out seconds) && seconds > 0:
                case "--pause-ms" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out pauseMs) && pauseMs >= 0:
                case "--calls" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out maxCalls) && maxCalls > 0:
                    i++;
                    break;
                default:
                    output.WriteLine($"Unknown or incomplete argument '{args[i]}'. {Usage}");
                    return 2;
            }
        }

        if (url is null)
        {
            output.WriteLine(Usage);
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
        var cache = new RollingCacheTally();
        long started = Stopwatch.GetTimestamp();
        var sequence = 0;
        var lastStep = new StepLabel();
        PackClientOptions options = schemaCheck ? ClientOptions : UncheckedOptions;
        output.WriteLine($"Rolling-upgrade client: {workers} workers calling {url}api/shipments until stopped (at most {seconds} s), schema check {(schemaCheck ? "on" : "OFF (responses read unchecked, request bodies sent without Pack-Schema)")}.");

        var loops = new Task[workers];
        for (var w = 0; w < workers; w++)
        {
            loops[w] = Task.Run(
                async () =>
                {
                    while (!stop.IsCancellationRequested)
                    {
                        int n = Interlocked.Increment(ref sequence);
                        if (n > maxCalls)
                        {
                            break;
                        }

                        // Random, not n % length: with round-robin balancing a fixed cycle would pair kinds with replicas.
                        RollingCall call = RollingCall.Mix[Random.Shared.Next(RollingCall.Mix.Length)];
                        tally.Add(await CallAsync(http, call, n, started, lastStep, options, cache).ConfigureAwait(false));
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
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {Stopwatch.GetElapsedTime(started).TotalSeconds,6:F1} s  {tally.Calls} calls: {tally.Ok} ok, {tally.Refused} refused, {tally.Misread} misread, {tally.Failed} failed ({lastStep.Value ?? RollingTally.UnknownStep})"));
        }

        await all.ConfigureAwait(false);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(started);

        output.WriteLine();
        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Calls: {tally.Calls} in {elapsed.TotalSeconds:F1} s; ok: {tally.Ok}; refused: {tally.Refused}; misread: {tally.Misread}; failed: {tally.Failed}"));
        tally.Write(output);
        cache.Write(output);

        List<string> problems = Judge(tally, incompatibleSteps, expectedVersions);
        JudgeCache(cache, tally, incompatibleSteps, sharedCache, problems);
        output.WriteLine();
        output.WriteLine(problems.Count == 0
            ? incompatibleSteps.Count == 0
                ? "Result: every call succeeded, both formats and the expected contract versions answered, no value was lost or misread."
                : $"Result: every call succeeded or, in {string.Join(", ", incompatibleSteps)}, was refused with the violations; no value was lost or misread."
            : "Result: FAILED: " + string.Join("; ", problems) + ".");
        return problems.Count == 0 ? 0 : 1;
    }

    private static List<string> Judge(RollingTally tally, List<string> incompatibleSteps, int[] expectedVersions)
    {
        var problems = new List<string>();
        if (tally.Calls == 0)
        {
            problems.Add("no call was made");
        }

        if (tally.Misread > 0)
        {
            problems.Add($"{tally.Misread} calls came back with a value lost or misread");
        }

        if (tally.Failed > 0)
        {
            problems.Add($"{tally.Failed} calls failed");
        }

        foreach (string step in tally.Steps())
        {
            int refused = tally.Step(step)!.Refused;
            if (refused > 0 && !incompatibleSteps.Contains(step, StringComparer.Ordinal))
            {
                problems.Add($"{refused} calls were refused in step {step}, where every contract is compatible");
            }
        }

        foreach (string step in incompatibleSteps)
        {
            if (tally.Step(step) is not { Refused: > 0 })
            {
                problems.Add($"no call was refused in step {step}, where a replica ships an incompatible contract");
            }
        }

        if (!tally.Versions().IsSupersetOf(expectedVersions))
        {
            problems.Add($"contract versions that answered: {string.Join(", ", tally.Versions())} ({string.Join(" and ", expectedVersions)} were expected)");
        }

        if (tally.Replicas() < 2)
        {
            problems.Add($"only {tally.Replicas()} replica answered");
        }

        if (tally.ResponseFormats() < 2)
        {
            problems.Add("not both JSON and Pack answered");
        }

        return problems;
    }

    private static void JudgeCache(RollingCacheTally cache, RollingTally tally, List<string> incompatibleSteps, bool sharedCache, List<string> problems)
    {
        if (tally.Calls >= 100 && cache.Calls == 0)
        {
            problems.Add("no call was served from the cache");
        }

        (long compatible, long incompatible, long corrupt) = cache.Reads();
        if (corrupt > 0)
        {
            problems.Add($"the replicas found {corrupt} corrupt cache entries, which nothing in this run writes");
        }

        if (!sharedCache)
        {
            return;
        }

        if (tally.Versions().IsSupersetOf([1, 2]) && compatible == 0)
        {
            problems.Add("no replica read a cache entry another contract version wrote, though versions 1 and 2 shared the cache");
        }

        if (incompatibleSteps.Count > 0 && incompatible == 0)
        {
            problems.Add("no replica refused an incompatible cache entry, though a replica with an incompatible contract shared the cache");
        }
    }

    private static bool TryParseVersions(string value, out int[] versions)
    {
        var parsed = new List<int>();
        foreach (string part in value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (!int.TryParse(part, CultureInfo.InvariantCulture, out int version) || version <= 0)
            {
                versions = [];
                return false;
            }

            parsed.Add(version);
        }

        versions = [.. parsed];
        return versions.Length > 0;
    }

    private static async Task<RollingOutcome> CallAsync(HttpClient http, RollingCall call, int n, long started, StepLabel lastStep, PackClientOptions options, RollingCacheTally cache)
    {
        // Cached GETs use few ids, so that the replicas read each other's entries of the shared cache; at random, since
        // with round-robin balancing the call's sequence number would pair ids with replicas (odd ones to one replica).
        int id = call.IsCached ? 1 + Random.Shared.Next(CachedIds) : 1 + (n % 5000);
        Shipment? sent = null;
        string path = call.IsCached
            ? string.Create(CultureInfo.InvariantCulture, $"api/shipments/{id}/cached")
            : call.Method == HttpMethod.Get ? string.Create(CultureInfo.InvariantCulture, $"api/shipments/{id}") : "api/shipments";
        using var request = new HttpRequestMessage(call.Method, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(call.ResponseFormat == "pack" ? PackMediaTypes.Pack : "application/json"));
        if (call.Method == HttpMethod.Post)
        {
            sent = ShipmentContract.Create(id);
            sent.Carrier += " (sent)";
            sent.WeightKg += 0.001m * n;
            sent.TrackingUrl = string.Create(CultureInfo.InvariantCulture, $"https://track.example/sent/{n}");
            // A Pack body carries Pack-Schema (docs/schema.md §5.2): a replica that cannot read it answers 409, not a misread.
            request.Content = call.RequestFormat == "pack" ? PackContent.Create(sent) : JsonContent.Create(sent, options: JsonOptions);
            if (!options.SendRequestSchema)
            {
                request.Content.Headers.Remove(PackSchema.HeaderName);
            }
        }

        string? replica = null;
        string? step = null;
        string? reads = null;
        var version = 0;
        RollingOutcome Outcome(RollingResult result, string? detail, bool olderEntry = false)
        {
            if (call.IsCached && cache.Add(replica, version, reads, result, olderEntry) is { } problem && result == RollingResult.Ok)
            {
                (result, detail) = (RollingResult.Failed, problem);
            }

            return new(call, Stopwatch.GetElapsedTime(started), step ?? lastStep.Value, replica, version, result, detail);
        }

        try
        {
            using HttpResponseMessage response = await http.SendAsync(request, CancellationToken.None).ConfigureAwait(false);
            // A replica that refuses a body (409) does so before its action runs, which names it: the proxy still does.
            replica = Header(response, ShipmentContract.ReplicaHeader) ?? Header(response, ProxyDestinationHeader);
            step = Header(response, StepHeader);
            if (step is not null)
            {
                lastStep.Value = step;
            }

            int.TryParse(Header(response, ShipmentContract.VersionHeader), CultureInfo.InvariantCulture, out version);
            reads = Header(response, ShipmentContract.CacheReadsHeader);
            if (!response.IsSuccessStatusCode)
            {
                // Throws PackApiException with the problem details; a 409 for the request body's schema is a refusal.
                await response.EnsureSuccessStatusCodeAsync(CancellationToken.None).ConfigureAwait(false);
            }

            string? mediaType = response.Content.Headers.ContentType?.MediaType;
            if ((int)response.StatusCode != 200)
            {
                return Outcome(RollingResult.Failed, $"status {(int)response.StatusCode}");
            }

            if (version <= 0)
            {
                return Outcome(RollingResult.Failed, "no contract version header");
            }

            if (mediaType != (call.ResponseFormat == "pack" ? PackMediaTypes.Pack : "application/json"))
            {
                return Outcome(RollingResult.Failed, $"asked for {call.ResponseFormat}, got {mediaType}");
            }

            if (call.IsCached && reads is null)
            {
                return Outcome(RollingResult.Failed, $"no {ShipmentContract.CacheReadsHeader} header");
            }

            // With the response: its Pack-Schema is checked against Shipment before the body is decoded (docs/schema.md §5.1).
            Shipment? received = await response.Content.ReadFromPackAsync<Shipment>(new PackResponseSchema(response, http), options, CancellationToken.None).ConfigureAwait(false);
            string? mismatch = ShipmentValues.Mismatch(ShipmentValues.Expected(sent ?? ShipmentContract.Create(id), version), received);
            // From the shared cache, a version-2 replica may answer with the entry a version-1 replica wrote: read as
            // docs/caching.md §3 reads an older contract, TrackingUrl absent. Any other difference is a misread.
            if (mismatch is not null && call.IsCached && version >= 2 && ShipmentValues.Mismatch(ShipmentValues.Expected(ShipmentContract.Create(id), 1), received) is null)
            {
                return Outcome(RollingResult.Ok, null, olderEntry: true);
            }

            return mismatch is null ? Outcome(RollingResult.Ok, null) : Outcome(RollingResult.Misread, mismatch);
        }
        catch (PackSchemaMismatchException ex)
        {
            // The message's first line; the violations follow, one per line.
            return Outcome(RollingResult.Refused, Describe(ex.Message.Split('\n')[0], ex.Violations));
        }
        catch (PackApiException ex) when (ex.Problem is { Type: "urn:pack:problem:request-schema-incompatible" } problem)
        {
            return Outcome(RollingResult.Refused, RollingTally.ServerRefusalPrefix + " " + Describe($"{(int?)ex.StatusCode} {problem.Type}: {problem.Title}", problem.GetSchemaViolations()));
        }
        catch (PackApiException ex)
        {
            return Outcome(RollingResult.Failed, $"status {(int?)ex.StatusCode}: {ex.Problem?.Title ?? ex.Message}");
        }
        catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException or PackException or JsonException)
        {
            return Outcome(RollingResult.Failed, $"{ex.GetType().Name}: {ex.Message}");
        }
    }

    /// <summary>The message, then one line per violation: rule ID, member path, message.</summary>
    private static string Describe(string message, IReadOnlyList<PackSchemaViolation> violations)
    {
        var text = new StringBuilder(message);
        foreach (PackSchemaViolation violation in violations)
        {
            text.Append('\n').Append(CultureInfo.InvariantCulture, $"  {violation.RuleId,-22} {violation.Path}: {violation.Message}");
        }

        return text.ToString();
    }

    private static string? Header(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out IEnumerable<string>? values) ? values.FirstOrDefault() : null;

    /// <summary>The step the latest answer named, for a call that got none.</summary>
    private sealed class StepLabel
    {
        private volatile string? value;

        public string? Value
        {
            get => value;
            set => this.value = value;
        }
    }
}
