using System.Runtime.InteropServices;

namespace Pack.Benchmarks.Http;

/// <summary>One line describing the machine, for the header of every report this suite writes outside BenchmarkDotNet.</summary>
public static class Machine
{
    /// <summary>OS, architecture, CPU model (Linux <c>/proc/cpuinfo</c>), logical cores and .NET version.</summary>
    public static string Describe()
    {
        var cpu = "unknown CPU";
        try
        {
            cpu = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? cpu;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
        }

        return $"{RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, {cpu}, {Environment.ProcessorCount} logical cores, .NET {Environment.Version}";
    }
}
