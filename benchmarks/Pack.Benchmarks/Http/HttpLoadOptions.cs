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

    /// <summary>Concurrent workers (requests in flight); default 16.</summary>
    public int Concurrency { get; private init; } = 16;

    /// <summary>Threads of the client thread pool; default the number of logical cores.</summary>
    public int ClientThreads { get; private init; } = Environment.ProcessorCount;

    /// <summary>Workload ID prefixes to run (<c>H1</c>, <c>H3_Organization10k</c>, ...); empty runs all.</summary>
    public IReadOnlyList<string> Workloads { get; private init; } = [];

    /// <summary>Protocols to run.</summary>
    public IReadOnlyList<Version> Protocols { get; private init; } = [HttpVersion.Version11, HttpVersion.Version20];

    /// <summary>Formats to run (the ceiling always runs when selected).</summary>
    public IReadOnlyList<HttpFormat> Formats { get; private init; } = [HttpFormat.Json, HttpFormat.Pack];

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

        var defaults = new HttpLoadOptions();
        return new HttpLoadOptions
        {
            Seconds = Seconds("--seconds", defaults.Seconds, 0.1),
            WarmupSeconds = Seconds("--warmup", defaults.WarmupSeconds, 0),
            Concurrency = Count("--concurrency", defaults.Concurrency),
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
                    _ => throw new FormatException($"--formats: '{f}' is not json or pack"),
                })]
                : defaults.Formats,
            OutputDirectory = Value("--out") ?? defaults.OutputDirectory,
        };
    }
}
