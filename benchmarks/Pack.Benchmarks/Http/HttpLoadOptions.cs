using System.Globalization;
using System.Net;

namespace Pack.Benchmarks.Http;

/// <summary>The options of the <c>--http</c> mode.</summary>
public sealed class HttpLoadOptions
{
    /// <summary>Measured seconds per cell; default 10.</summary>
    public double Seconds { get; private init; } = 10;

    /// <summary>Unrecorded warmup seconds per cell; default 3.</summary>
    public double WarmupSeconds { get; private init; } = 3;

    /// <summary>Concurrent workers (requests in flight), one set of cells per value; default 16 and 64.</summary>
    public IReadOnlyList<int> Concurrency { get; private init; } = [16, 64];

    /// <summary>Concurrent calls for the streaming workloads (H6, H7), one set of cells per value; default 1.</summary>
    public IReadOnlyList<int> StreamConcurrency { get; private init; } = [1];

    /// <summary>Members per H6_Upload100k and H7_Echo100k call; default 100,000 (fewer only to prove the cells, as the smoke pass does).</summary>
    public int StreamItems { get; private init; } = HttpWorkload.DefaultStreamItems;

    /// <summary>Round trips per H7_PingPong1k call; default 1,000.</summary>
    public int RoundTrips { get; private init; } = HttpWorkload.DefaultRoundTrips;

    /// <summary>Host styles for the JSON and Pack cells; default MVC controllers and minimal APIs.</summary>
    public IReadOnlyList<HttpApi> Apis { get; private init; } = [HttpApi.Mvc, HttpApi.Minimal];

    /// <summary>A running server to use (<c>HTTP/1.1 URL;HTTP/2 URL</c>) instead of starting one; default none.</summary>
    public string? ServerUrls { get; private init; }

    /// <summary>How many interleaved rounds of every cell to run; the table reports each cell's median round; default 1.</summary>
    public int Rounds { get; private init; } = 1;

    /// <summary>How many times a cell is run again when other processes used more than <see cref="MaxForeignCpu"/>; default 2.</summary>
    public int Retries { get; private init; } = 2;

    /// <summary>The share of the machine's CPU other processes may use during a cell before it counts as interfered; default 0.10.</summary>
    public double MaxForeignCpu { get; private init; } = 0.10;

    /// <summary>Threads of the client thread pool; default the number of logical cores.</summary>
    public int ClientThreads { get; private init; } = Environment.ProcessorCount;

    /// <summary>Workload ID prefixes to run (<c>H1</c>, <c>H3_Organization10k</c>, ...); empty runs all.</summary>
    public IReadOnlyList<string> Workloads { get; private init; } = [];

    /// <summary>Protocols to run.</summary>
    public IReadOnlyList<Version> Protocols { get; private init; } = [HttpVersion.Version11, HttpVersion.Version20];

    /// <summary>Formats to run (the ceiling always runs when selected).</summary>
    public IReadOnlyList<HttpFormat> Formats { get; private init; } = [HttpFormat.Json, HttpFormat.Pack, HttpFormat.PackProducer, HttpFormat.Grpc, HttpFormat.GrpcCodeFirst];

    /// <summary>Where <c>http-load.md</c> goes; default <c>BenchmarkDotNet.Artifacts/results</c>.</summary>
    public string OutputDirectory { get; private init; } = Path.Combine("BenchmarkDotNet.Artifacts", "results");

    /// <summary>Parses the arguments after <c>--http</c>; throws <see cref="FormatException"/> on a bad one.</summary>
    public static HttpLoadOptions Parse(string[] args)
    {
        string? Value(string name)
        {
            var index = Array.IndexOf(args, name);
            return index < 0 ? null
                : index + 1 < args.Length ? args[index + 1]
                : throw new FormatException($"{name} needs a value");
        }

        static string[] List(string value) => value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

        double Seconds(string name, double fallback, double min) =>
            Value(name) is not { } text ? fallback
            : double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && value >= min ? value
            : throw new FormatException($"{name}: '{text}' is not a number >= {min}");

        int Count(string name, int fallback) =>
            Value(name) is not { } text ? fallback
            : int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value > 0 ? value
            : throw new FormatException($"{name}: '{text}' is not a positive integer");

        IReadOnlyList<int> Counts(string name, IReadOnlyList<int> fallback) =>
            Value(name) is { } text
                ? [.. List(text).Select(c => int.TryParse(c, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : throw new FormatException($"{name}: '{c}' is not a positive integer"))]
                : fallback;

        var defaults = new HttpLoadOptions();
        var streamItems = Count("--stream-items", defaults.StreamItems);
        return new HttpLoadOptions
        {
            Seconds = Seconds("--seconds", defaults.Seconds, 0.1),
            WarmupSeconds = Seconds("--warmup", defaults.WarmupSeconds, 0),
            Concurrency = Counts("--concurrency", defaults.Concurrency),
            StreamConcurrency = Counts("--stream-concurrency", defaults.StreamConcurrency),
            StreamItems = streamItems <= HttpWorkload.DefaultStreamItems ? streamItems : throw new FormatException($"--stream-items: at most {HttpWorkload.DefaultStreamItems:N0}"),
            RoundTrips = Count("--round-trips", defaults.RoundTrips),
            Apis = Value("--apis") is { } apis
                ? [.. List(apis).Select(a => a.ToLowerInvariant() switch
                {
                    "mvc" => HttpApi.Mvc,
                    "minimal" => HttpApi.Minimal,
                    _ => throw new FormatException($"--apis: '{a}' is not mvc or minimal"),
                })]
                : defaults.Apis,
            ServerUrls = Value("--server-url"),
            Retries = Value("--retries") is { } retries
                ? int.TryParse(retries, NumberStyles.None, CultureInfo.InvariantCulture, out var r) ? r : throw new FormatException($"--retries: '{retries}' is not a count")
                : defaults.Retries,
            Rounds = Count("--rounds", defaults.Rounds),
            MaxForeignCpu = Seconds("--max-foreign-cpu", defaults.MaxForeignCpu, 0),
            ClientThreads = Count("--client-threads", defaults.ClientThreads),
            Workloads = Value("--workloads") is { } workloads ? List(workloads) : defaults.Workloads,
            Protocols = Value("--protocols") is { } protocols
                ? [.. List(protocols).Select(p => p switch
                {
                    "1.1" or "1" => HttpVersion.Version11,
                    "2" or "2.0" => HttpVersion.Version20,
                    _ => throw new FormatException($"--protocols: '{p}' is not 1.1 or 2"),
                })]
                : defaults.Protocols,
            Formats = Value("--formats") is { } formats
                ? [.. List(formats).Select(f => f.ToLowerInvariant() switch
                {
                    "json" => HttpFormat.Json,
                    "pack" => HttpFormat.Pack,
                    "pack-producer" => HttpFormat.PackProducer,
                    "grpc" => HttpFormat.Grpc,
                    "grpc-codefirst" => HttpFormat.GrpcCodeFirst,
                    _ => throw new FormatException($"--formats: '{f}' is not json, pack, pack-producer, grpc or grpc-codefirst"),
                })]
                : defaults.Formats,
            OutputDirectory = Value("--out") ?? defaults.OutputDirectory,
        };
    }
}
