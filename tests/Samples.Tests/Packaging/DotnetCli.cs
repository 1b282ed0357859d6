using System.Diagnostics;
using System.Text;

namespace Pack.Samples.Tests.Packaging;

/// <summary>Runs the <c>dotnet</c> CLI (or a built app) as a child process, the way a developer would from a shell.</summary>
internal static class DotnetCli
{
    /// <summary>Runs <c>dotnet</c> with <paramref name="arguments"/> in <paramref name="workingDirectory"/>; returns the exit code and the combined output.</summary>
    public static (int ExitCode, string Output) Run(string workingDirectory, IReadOnlyList<string> arguments, IReadOnlyDictionary<string, string>? environment = null, TimeSpan? timeout = null)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The test host's own MSBuild and VSTest settings must not leak into the child build.
        foreach (var name in start.Environment.Keys.ToList())
        {
            if (name.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase) || name.StartsWith("VSTEST", StringComparison.OrdinalIgnoreCase)
                || name.Equals("DOTNET_HOST_PATH", StringComparison.OrdinalIgnoreCase))
            {
                start.Environment.Remove(name);
            }
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        var output = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeout ?? TimeSpan.FromMinutes(10)))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            lock (output)
            {
                return (-1, output + $"\n(timed out after {timeout ?? TimeSpan.FromMinutes(10)})");
            }
        }

        process.WaitForExit();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }

    /// <summary>Copies a folder, leaving out build output (bin, obj).</summary>
    public static void CopyTree(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, Path.Combine(destination, Path.GetFileName(file)), overwrite: true);
        }

        foreach (var directory in Directory.EnumerateDirectories(source))
        {
            var name = Path.GetFileName(directory);
            if (name is not ("bin" or "obj"))
            {
                CopyTree(directory, Path.Combine(destination, name));
            }
        }
    }
}
