using System.Diagnostics;
using System.Net;
using System.Globalization;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.Client;
using Pack.Refit;
using Pack.Samples.Contracts;
using Refit;
using Pack.Samples.WebApi;

namespace Pack.Samples.Demo;

/// <summary>
/// Calls every sample endpoint once as JSON and once as Pack, checks that both give the same values, and prints sizes,
/// latencies and throughput. Returns 0 only when every comparison matched.
/// </summary>
public static partial class DemoRunner
{
    public const int DefaultIterations = 200;

    /// <summary>What <c>--help</c> prints, and a usage error after its message.</summary>
    public const string Usage = """
        Usage: dotnet run --project samples/Demo [-- [--url http://host:port] [--iterations N]]

        Calls every endpoint of the sample API twice, once asking for JSON and once for Pack, checks that both give the
        same values, and prints sizes, latencies and requests per second; exits 0 only if every comparison matched.

          --url http://host:port   use a sample API that is already running (samples/WebApi) instead of hosting one in-process
          --iterations N           timed requests per endpoint and format (default 200)
          --help                   show this text
        """;

    private static readonly JsonSerializerOptions CompareOptions = new(JsonSerializerDefaults.Web);

    public static async Task<int> RunAsync(string[] args, TextWriter output, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);

        Uri? url = null;
        var iterations = DefaultIterations;
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--help" or "-h" or "-?":
                    output.WriteLine(Usage);
                    return 0;
                case "--url" when i + 1 < args.Length && Uri.TryCreate(args[i + 1], UriKind.Absolute, out Uri? parsed) && (parsed.Scheme == Uri.UriSchemeHttp || parsed.Scheme == Uri.UriSchemeHttps):
                    url = parsed;
                    i++;
                    break;
                case "--iterations" when i + 1 < args.Length && int.TryParse(args[i + 1], CultureInfo.InvariantCulture, out var count) && count > 0:
                    iterations = count;
                    i++;
                    break;
                default:
                    output.WriteLine($"Unknown or incomplete argument '{args[i]}'.");
                    output.WriteLine(Usage);
                    return 2;
            }
        }

        if (url is not null)
        {
            output.WriteLine($"Sample API: {url} (already running)");
            try
            {
                return await RunAgainstAsync(url, iterations, output, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception exception) when (Unreachable(exception) is { } transport)
            {
                // A wrong --url is the newcomer's most likely mistake: one line saying so, not a Refit stack trace.
                output.WriteLine();
                output.WriteLine($"Cannot reach the sample API at {url}: {transport.Message}");
                output.WriteLine("Start it first (dotnet run --project samples/WebApi --urls http://127.0.0.1:5078), or leave out --url to host it in-process.");
                return 1;
            }
            catch (ApiException exception) when (exception.StatusCode is HttpStatusCode.NotFound or HttpStatusCode.MethodNotAllowed)
            {
                output.WriteLine();
                output.WriteLine($"The server at {url} answered {(int)exception.StatusCode} {exception.StatusCode} to {exception.HttpMethod} {exception.Uri?.PathAndQuery}: is it the sample API (samples/WebApi)?");
                return 1;
            }
        }

        // Two loopback endpoints: HTTP/1.1 for the comparisons, and HTTP/2 without TLS (h2c) for the bidirectional call,
        // which a cleartext HTTP/1.1-and-HTTP/2 endpoint could not offer (without TLS there is no ALPN to choose HTTP/2).
        // The web page's files are copied next to the demo (Demo.csproj), whatever the current directory is.
        string webRoot = Path.Combine(AppContext.BaseDirectory, "wwwroot");
        WebApplication app = SampleApp.BuildApp(["--webroot", webRoot], builder =>
        {
            builder.Logging.ClearProviders();
            builder.WebHost.ConfigureKestrel(kestrel =>
            {
                kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http1);
                kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
            });
        });
        await using (app.ConfigureAwait(false))
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                string[] addresses = [.. app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses];
                string address = addresses[0];
                output.WriteLine($"Sample API: {address} (in-process Kestrel; h2c on {addresses[1]})");
                if (File.Exists(Path.Combine(webRoot, "index.html")))
                {
                    output.WriteLine($"Web page:   {address}/ (samples/WebApi/wwwroot, on the TypeScript client)");
                }
                return await RunAgainstAsync(new Uri(address), iterations, output, cancellationToken, http2Address: new Uri(addresses[1])).ConfigureAwait(false);
            }
            finally
            {
                await app.StopAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
    }

    private static async Task<int> RunAgainstAsync(Uri baseAddress, int iterations, TextWriter output, CancellationToken cancellationToken, Uri? http2Address = null)
    {
        var jsonHandler = new ResponseFormatHandler("application/json") { InnerHandler = new SocketsHttpHandler() };
        var packHandler = new ResponseFormatHandler(accept: null) { InnerHandler = new SocketsHttpHandler() };

        // PackRefitHandler asks for Pack and lets the Refit serializer see a stream's media type; it sits outside the
        // measuring handler, so it sees the body that handler buffered.
        using var jsonHttp = new HttpClient(new PackRefitHandler { InnerHandler = jsonHandler }) { BaseAddress = baseAddress };
        using var packHttp = new HttpClient(new PackRefitHandler { InnerHandler = packHandler }) { BaseAddress = baseAddress };
        var json = new SampleApiClient(jsonHttp);
        var pack = new SampleApiClient(packHttp);

        var allMatched = true;
        var rows = new List<(string Name, bool Matched, EndpointMeasurement Json, EndpointMeasurement Pack)>();
        bool interactive = ReferenceEquals(output, Console.Out) && !Console.IsOutputRedirected;
        output.WriteLine($"Measuring {Cases.Length} endpoints, {iterations} requests per format each...");

        foreach (EndpointCase endpoint in Cases)
        {
            // One untimed call per format gives the values to compare and warms up both paths.
            object? jsonResult = await (await endpoint.Prepare(json, cancellationToken).ConfigureAwait(false))().ConfigureAwait(false);
            object? packResult = await (await endpoint.Prepare(pack, cancellationToken).ConfigureAwait(false))().ConfigureAwait(false);
            bool matched = SameValues(jsonResult, packResult);
            allMatched &= matched;

            EndpointMeasurement jsonMeasurement = await MeasureAsync(endpoint, json, jsonHandler, iterations, Progress("json"), cancellationToken).ConfigureAwait(false);
            EndpointMeasurement packMeasurement = await MeasureAsync(endpoint, pack, packHandler, iterations, Progress("pack"), cancellationToken).ConfigureAwait(false);

            // Pack.Client reads JSON transparently, so also check that each side really got the format it asked for.
            matched &= jsonMeasurement.MediaType == "application/json"
                && packMeasurement.MediaType is PackMediaTypes.Pack or PackMediaTypes.PackStream;
            allMatched &= matched;
            rows.Add((endpoint.Name, matched, jsonMeasurement, packMeasurement));

            if (interactive)
            {
                output.Write($"\r{new string(' ', 70)}\r");
            }

            output.WriteLine($"  {(matched ? "ok  " : "DIFF")} {endpoint.Name} ({jsonMeasurement.MediaType} / {packMeasurement.MediaType})");

            Action<int> Progress(string format) => done =>
            {
                if (interactive && (done % 20 == 0 || done == iterations))
                {
                    output.Write($"\r  ...  {endpoint.Name} [{format}] {done}/{iterations}   ");
                }
            };
        }

        output.WriteLine();
        WriteTable(output, rows);

        allMatched &= await StreamingDemoAsync(json, pack, jsonHandler, packHandler, output, cancellationToken).ConfigureAwait(false);
        allMatched &= await ValidationDemoAsync(pack, output, cancellationToken).ConfigureAwait(false);
        allMatched &= await UploadAndBidiDemoAsync(baseAddress, http2Address ?? baseAddress, output, cancellationToken).ConfigureAwait(false);
        allMatched &= await OperationsDemoAsync(baseAddress, output, cancellationToken).ConfigureAwait(false);
        allMatched &= await InspectDemoAsync(baseAddress, output, cancellationToken).ConfigureAwait(false);
        allMatched &= await CachingDemoAsync(baseAddress, json, pack, output, cancellationToken).ConfigureAwait(false);

        output.WriteLine();
        output.WriteLine(allMatched ? "Result: every JSON and Pack comparison matched." : "Result: some comparisons did NOT match.");
        return allMatched ? 0 : 1;
    }

    private static async Task<EndpointMeasurement> MeasureAsync(
        EndpointCase endpoint,
        SampleApiClient client,
        ResponseFormatHandler handler,
        int iterations,
        Action<int> progress,
        CancellationToken cancellationToken)
    {
        var latencies = new double[iterations];
        long bytes = 0;
        TimeSpan total = TimeSpan.Zero;
        for (var i = 0; i < iterations; i++)
        {
            Func<Task<object?>> call = await endpoint.Prepare(client, cancellationToken).ConfigureAwait(false);
            long started = Stopwatch.GetTimestamp();
            await call().ConfigureAwait(false);
            TimeSpan elapsed = Stopwatch.GetElapsedTime(started);
            total += elapsed;
            latencies[i] = elapsed.TotalMilliseconds;
            bytes = handler.LastResponseBytes;
            progress(i + 1);
        }

        Array.Sort(latencies);
        double median = iterations % 2 == 1
            ? latencies[iterations / 2]
            : (latencies[(iterations / 2) - 1] + latencies[iterations / 2]) / 2;
        return new EndpointMeasurement(handler.LastMediaType, bytes, median, iterations / total.TotalSeconds);
    }

    /// <summary>The transport failure (connection refused, unknown host, TLS) behind a call's exception, if that is what it was.</summary>
    private static HttpRequestException? Unreachable(Exception exception)
    {
        for (Exception? current = exception; current is not null; current = current.InnerException)
        {
            if (current is HttpRequestException { StatusCode: null } transport)
            {
                return transport;
            }
        }

        return null;
    }

    private static bool SameValues(object? json, object? pack) =>
        JsonSerializer.Serialize(json, CompareOptions) == JsonSerializer.Serialize(pack, CompareOptions);

    private static void WriteTable(TextWriter output, List<(string Name, bool Matched, EndpointMeasurement Json, EndpointMeasurement Pack)> rows)
    {
        string[] header = ["Endpoint", "Match", "JSON B", "Pack B", "Pack/JSON", "JSON p50 ms", "Pack p50 ms", "JSON req/s", "Pack req/s"];
        var cells = new List<string[]> { header };
        foreach ((string name, bool matched, EndpointMeasurement json, EndpointMeasurement pack) in rows)
        {
            cells.Add(
            [
                name,
                matched ? "yes" : "NO",
                json.Bytes.ToString("N0", CultureInfo.InvariantCulture),
                pack.Bytes.ToString("N0", CultureInfo.InvariantCulture),
                json.Bytes > 0 ? ((double)pack.Bytes / json.Bytes).ToString("P0", CultureInfo.InvariantCulture) : "-",
                json.MedianMilliseconds.ToString("F3", CultureInfo.InvariantCulture),
                pack.MedianMilliseconds.ToString("F3", CultureInfo.InvariantCulture),
                json.RequestsPerSecond.ToString("N0", CultureInfo.InvariantCulture),
                pack.RequestsPerSecond.ToString("N0", CultureInfo.InvariantCulture),
            ]);
        }

        var widths = new int[header.Length];
        foreach (string[] row in cells)
        {
            for (var c = 0; c < row.Length; c++)
            {
                widths[c] = Math.Max(widths[c], row[c].Length);
            }
        }

        for (var r = 0; r < cells.Count; r++)
        {
            // The endpoint column reads left-aligned; every number is right-aligned so the digits line up.
            output.WriteLine(string.Join("  ", cells[r].Select((cell, c) => c == 0 ? cell.PadRight(widths[c]) : cell.PadLeft(widths[c]))).TrimEnd());
            if (r == 0)
            {
                output.WriteLine(string.Join("  ", widths.Select(width => new string('-', width))));
            }
        }
    }

    private static async Task<bool> StreamingDemoAsync(
        SampleApiClient json,
        SampleApiClient pack,
        ResponseFormatHandler jsonHandler,
        ResponseFormatHandler packHandler,
        TextWriter output,
        CancellationToken cancellationToken)
    {
        const int Count = 40;
        const int DelayMs = 10;
        output.WriteLine();
        output.WriteLine($"Streaming GET /api/members/stream?count={Count}&delayMs={DelayMs} (the server produces one item every {DelayMs} ms):");

        jsonHandler.BufferResponses = false;
        packHandler.BufferResponses = false;
        try
        {
            List<Member?> jsonItems = await StreamAsync("json", json).ConfigureAwait(false);
            List<Member?> packItems = await StreamAsync("pack", pack).ConfigureAwait(false);
            bool matched = jsonItems.Count == Count && SameValues(jsonItems, packItems);
            output.WriteLine($"  JSON and Pack streams {(matched ? "match" : "DO NOT match")}");
            return matched;
        }
        finally
        {
            jsonHandler.BufferResponses = true;
            packHandler.BufferResponses = true;
        }

        async Task<List<Member?>> StreamAsync(string format, SampleApiClient client)
        {
            var items = new List<Member?>();
            long started = Stopwatch.GetTimestamp();
            TimeSpan first = TimeSpan.Zero;
            await foreach (Member? member in client.StreamMembersAsync(Count, DelayMs, cancellationToken).ConfigureAwait(false))
            {
                if (items.Count == 0)
                {
                    first = Stopwatch.GetElapsedTime(started);
                }

                items.Add(member);
                if (items.Count % 10 == 0)
                {
                    output.WriteLine($"  [{format}] {items.Count,3} items after {Stopwatch.GetElapsedTime(started).TotalMilliseconds,6:F0} ms");
                }
            }

            TimeSpan total = Stopwatch.GetElapsedTime(started);
            output.WriteLine(string.Create(
                CultureInfo.InvariantCulture,
                $"  [{format}] {items.Count} items; first after {first.TotalMilliseconds:F0} ms, all after {total.TotalMilliseconds:F0} ms ({items.Count / total.TotalSeconds:F0} items/s)"));
            return items;
        }
    }

    private static async Task<bool> ValidationDemoAsync(SampleApiClient pack, TextWriter output, CancellationToken cancellationToken)
    {
        var invalid = new CreateOrderRequest
        {
            Customer = "X",
            Lines = [new OrderLine { Sku = "A", Quantity = 0, UnitPrice = 10m }],
        };

        output.WriteLine();
        output.WriteLine("Validation: POST /api/orders (Pack body) with a one-letter customer and a bad line:");
        bool controller = await ExpectProblemAsync(() => pack.CreateOrderAsync(invalid, cancellationToken)).ConfigureAwait(false);
        output.WriteLine("Validation: POST /minimal/orders (PackBody<T>) with the same body:");
        bool minimal = await ExpectProblemAsync(() => pack.CreateMinimalOrderAsync(invalid, cancellationToken)).ConfigureAwait(false);
        return controller && minimal;

        async Task<bool> ExpectProblemAsync(Func<Task<Order?>> call)
        {
            try
            {
                await call().ConfigureAwait(false);
                output.WriteLine("  unexpected success");
                return false;
            }
            catch (ValidationApiException ex)
            {
                // The controller endpoints go through Refit: its own exception, with the same problem+json body.
                output.WriteLine($"  {(int)ex.StatusCode} {ex.ReasonPhrase}; type {ex.Content?.Type} (Refit ValidationApiException)");
                output.WriteLine($"  title: {ex.Content?.Title}");
                foreach ((string field, string[] messages) in ex.Content?.Errors ?? new Dictionary<string, string[]>())
                {
                    output.WriteLine($"    {field}: {string.Join(" ", messages)}");
                }

                return ex.StatusCode == System.Net.HttpStatusCode.BadRequest && ex.Content?.Errors.Count > 0;
            }
            catch (PackApiException ex)
            {
                output.WriteLine($"  {(int?)ex.StatusCode} {ex.ReasonPhrase}; type {ex.Problem?.Type}");
                output.WriteLine($"  title: {ex.Problem?.Title}");
                foreach ((string field, string[] messages) in ex.Problem?.Errors ?? new Dictionary<string, string[]>())
                {
                    output.WriteLine($"    {field}: {string.Join(" ", messages)}");
                }

                return ex.StatusCode == System.Net.HttpStatusCode.BadRequest && ex.Problem?.Errors.Count > 0;
            }
        }
    }
}
