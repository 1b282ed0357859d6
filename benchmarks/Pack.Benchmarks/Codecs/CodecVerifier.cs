using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// The <c>--verify</c> mode: every codec workload class, for each of its [Params] values, round-trips its payload through
/// every peer and checks the result and the payload size, without timing anything. Prints one markdown table of payload
/// sizes (workload x peer) and returns 1 if any peer fails.
/// </summary>
public static class CodecVerifier
{
    /// <summary>Runs the mode and returns the process exit code.</summary>
    public static int Run()
    {
        var peers = Enum.GetValues<CodecPeer>();
        Console.WriteLine($"| workload | {string.Join(" | ", peers)} |");
        Console.WriteLine($"|---|{string.Concat(Enumerable.Repeat("---:|", peers.Length))}");
        var failed = 0;
        var types = typeof(CodecVerifier).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && t.BaseType is { IsGenericType: true } b && b.GetGenericTypeDefinition() == typeof(CodecBenchmark<,,>))
            .OrderBy(t => t.Name, StringComparer.Ordinal);
        foreach (var type in types)
        {
            var parameter = type.GetProperties().FirstOrDefault(p => p.GetCustomAttribute<ParamsAttribute>() is not null);
            var values = parameter?.GetCustomAttribute<ParamsAttribute>()!.Values ?? [null];
            foreach (var value in values)
            {
                var name = parameter is null ? type.Name : string.Create(CultureInfo.InvariantCulture, $"{type.Name} {parameter.Name}={value}");
                var instance = Activator.CreateInstance(type)!;
                parameter?.SetValue(instance, value);
                try
                {
                    var sizes = (IReadOnlyList<(CodecPeer Peer, int Bytes)>)type.GetMethod("VerifyAllPeers")!.Invoke(instance, null)!;
                    var json = sizes.First(s => s.Peer == CodecPeer.Json).Bytes;
                    var insane = sizes.Where(s => s.Bytes <= 0 || s.Bytes > 2L * json).ToList();
                    Console.WriteLine($"| {name} | {string.Join(" | ", sizes.Select(s => s.Bytes.ToString("N0", CultureInfo.InvariantCulture)))} |");
                    foreach (var (peer, bytes) in insane)
                    {
                        Console.Error.WriteLine($"FAILED {name} {peer}: {bytes} bytes is not in (0, 2 x JSON's {json}]");
                        failed++;
                    }
                }
                catch (TargetInvocationException exception) when (exception.InnerException is { } inner)
                {
                    Console.WriteLine($"| {name} | failed: {inner.GetType().Name}: {inner.Message.Replace('|', '/')} |");
                    failed++;
                }
                finally
                {
                    (instance as CodecBenchmarkBase)?.Cleanup();
                }
            }
        }

        Console.WriteLine();
        Console.WriteLine(failed == 0 ? "Every peer round-trips every workload." : $"{failed} failures.");
        return failed == 0 ? 0 : 1;
    }
}
