using System.Diagnostics;
using System.Globalization;
using System.IO.Compression;
using System.Text;
using System.Text.Json;
using MessagePack;
using Pack.Benchmarks.Http;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.OneShot;

/// <summary>
/// The <c>--compression</c> mode: W4 with 1,000,000 members (<c>--members N</c>), Pack alone and through the compressors
/// ASP.NET Core's ResponseCompression providers use (<see cref="GZipStream"/> and <see cref="BrotliStream"/> at
/// <see cref="CompressionLevel.Fastest"/>), against MessagePack with <c>Lz4BlockArray</c>, with JSON beside them. For
/// each: bytes, and the best of <c>--runs</c> (default 3) encode and decode times (encode = serialize + compress,
/// decode = decompress + deserialize), each decoded result checked. Prints a markdown table and writes it to
/// <c>&lt;out&gt;/compression.md</c> (<c>--out</c>, default <c>BenchmarkDotNet.Artifacts/results</c>).
/// </summary>
public static class CompressionTable
{
    private static readonly MessagePackSerializerOptions Lz4 = MessagePackSerializerOptions.Standard.WithCompression(MessagePackCompression.Lz4BlockArray);

    /// <summary>Runs the mode and returns the process exit code.</summary>
    public static int Run(string[] args)
    {
        if (!TryInt(args, "--members", 1_000_000, out var members) || !TryInt(args, "--runs", 3, out var runs))
        {
            Console.Error.WriteLine("usage: --compression [--members N] [--runs N] [--out DIR]");
            return 2;
        }

        var index = Array.IndexOf(args, "--out");
        var output = index >= 0 && index + 1 < args.Length ? args[index + 1] : Path.Combine("BenchmarkDotNet.Artifacts", "results");
        var report = new StringBuilder();
        var organization = WorkloadData.Organization(members);
        var contract = ContractMapper.ToContract(organization);
        var peers = new (string Name, Func<byte[]> Encode, Func<byte[], int?> Decode)[]
        {
            ("Pack", () => PackSerializer.Serialize(organization), b => PackSerializer.Deserialize<Organization>(b)?.Members?.Count),
            ("Pack + gzip (Fastest)", () => Compress(PackSerializer.Serialize(organization), s => new GZipStream(s, CompressionLevel.Fastest)), b => PackSerializer.Deserialize<Organization>(Decompress(b, s => new GZipStream(s, CompressionMode.Decompress)))?.Members?.Count),
            ("Pack + Brotli (Fastest)", () => Compress(PackSerializer.Serialize(organization), s => new BrotliStream(s, CompressionLevel.Fastest)), b => PackSerializer.Deserialize<Organization>(Decompress(b, s => new BrotliStream(s, CompressionMode.Decompress)))?.Members?.Count),
            ("MessagePack + LZ4 (Lz4BlockArray)", () => MessagePackSerializer.Serialize(contract, Lz4), b => MessagePackSerializer.Deserialize<OrganizationContract>(b, Lz4).Members?.Count),
            ("JSON", () => JsonSerializer.SerializeToUtf8Bytes(organization, JsonPeer.Options), b => JsonSerializer.Deserialize<Organization>(b, JsonPeer.Options)?.Members?.Count),
            ("JSON + gzip (Fastest)", () => Compress(JsonSerializer.SerializeToUtf8Bytes(organization, JsonPeer.Options), s => new GZipStream(s, CompressionLevel.Fastest)), b => JsonSerializer.Deserialize<Organization>(Decompress(b, s => new GZipStream(s, CompressionMode.Decompress)), JsonPeer.Options)?.Members?.Count),
        };

        report.AppendLine($"# W4 size and compression: {members:N0} members, best of {runs} runs");
        report.AppendLine();
        report.AppendLine($"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {Machine.Describe()}, load average {File.ReadAllText("/proc/loadavg").Trim()} at start.");
        report.AppendLine("MessagePack serializes the attributed copy (built before timing); the others the POCO.");
        report.AppendLine();
        report.AppendLine("| format | bytes | vs Pack | encode ms | decode ms | encode + decode ms |");
        report.AppendLine("|---|---:|---:|---:|---:|---:|");
        long packBytes = 0;
        var failed = false;
        foreach (var (name, encode, decode) in peers)
        {
            // One untimed round first, so that the timed runs measure JIT-compiled code.
            var bytes = encode();
            _ = decode(bytes);
            double bestEncode = double.MaxValue, bestDecode = double.MaxValue;
            for (var run = 0; run < runs; run++)
            {
                Collect();
                var stopwatch = Stopwatch.StartNew();
                bytes = encode();
                bestEncode = Math.Min(bestEncode, stopwatch.Elapsed.TotalMilliseconds);
                Collect();
                stopwatch.Restart();
                var count = decode(bytes);
                bestDecode = Math.Min(bestDecode, stopwatch.Elapsed.TotalMilliseconds);
                if (count != members)
                {
                    Console.Error.WriteLine($"FAILED {name}: decoded {count} members, expected {members}");
                    failed = true;
                }
            }

            packBytes = packBytes == 0 ? bytes.Length : packBytes;
            report.AppendLine(string.Create(CultureInfo.InvariantCulture, $"| {name} | {bytes.Length:N0} | {(double)bytes.Length / packBytes:N3} | {bestEncode:N0} | {bestDecode:N0} | {bestEncode + bestDecode:N0} |"));
        }

        Console.Write(report.ToString());
        Directory.CreateDirectory(output);
        var path = Path.Combine(output, "compression.md");
        File.WriteAllText(path, report.ToString());
        Console.WriteLine($"Written to {Path.GetFullPath(path)}");
        return failed ? 1 : 0;
    }

    private static byte[] Compress(byte[] data, Func<Stream, Stream> compressor)
    {
        using var output = new MemoryStream(data.Length / 2);
        using (var stream = compressor(output))
        {
            stream.Write(data);
        }

        return output.ToArray();
    }

    private static byte[] Decompress(byte[] data, Func<Stream, Stream> decompressor)
    {
        using var output = new MemoryStream(data.Length * 3);
        using (var stream = decompressor(new MemoryStream(data, writable: false)))
        {
            stream.CopyTo(output);
        }

        return output.ToArray();
    }

    private static bool TryInt(string[] args, string name, int fallback, out int value)
    {
        value = fallback;
        var index = Array.IndexOf(args, name);
        return index < 0 || (index + 1 < args.Length && int.TryParse(args[index + 1], NumberStyles.None, CultureInfo.InvariantCulture, out value) && value > 0);
    }

    private static void Collect()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }
}
