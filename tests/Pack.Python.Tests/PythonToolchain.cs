using Pack.TypeScript.Tests;

namespace Pack.Python.Tests;

/// <summary>
/// What the Python tests need, prepared once per run: Debian's Python 3.11 (<c>/usr/bin/python3</c>, or
/// <c>PACK_PYTHON</c>) and its <c>mypy</c> package, installed with apt-get when missing. A missing piece fails the tests
/// that need it with a message saying what is missing, never a skip. The client itself needs nothing but the
/// standard library: the suites run from clients/python with <c>PYTHONPATH=src</c>.
/// </summary>
public sealed class PythonToolchain
{
    private static readonly Lazy<string?> s_python = new(FindPython, LazyThreadSafetyMode.ExecutionAndPublication);
    private static readonly Lazy<string?> s_mypy = new(EnsureMypy, LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>clients/python.</summary>
    public static string Package { get; } = Path.Combine(RepositoryPaths.Root, "clients", "python");

    /// <summary>The interpreter.</summary>
    public static string Python => Environment.GetEnvironmentVariable("PACK_PYTHON") ?? "/usr/bin/python3";

    /// <summary>Asserts that Python 3.11+ runs.</summary>
    public void RequirePython() => Assert.True(s_python.Value is null, s_python.Value);

    /// <summary>Asserts that mypy runs under <see cref="Python"/> (installing Debian's package when missing).</summary>
    public void RequireMypy()
    {
        RequirePython();
        Assert.True(s_mypy.Value is null, s_mypy.Value);
    }

    /// <summary>Runs the interpreter in clients/python with the package on its path.</summary>
    public static ProcessResult Run(string arguments, TimeSpan timeout, IReadOnlyDictionary<string, string>? environment = null)
    {
        var variables = new Dictionary<string, string>(environment ?? new Dictionary<string, string>())
        {
            ["PYTHONPATH"] = "src" + Path.PathSeparator + "tests",
            ["PYTHONDONTWRITEBYTECODE"] = "1",
            ["PYTHONUTF8"] = "1",
        };
        return ProcessRunner.Run(Python, arguments, Package, timeout, variables);
    }

    private static string? FindPython()
    {
        var version = ProcessRunner.Run(Python, "-c \"import sys; print(sys.version_info >= (3, 11))\"", RepositoryPaths.Root, TimeSpan.FromMinutes(1));
        return version.ExitCode == 0 && version.Output.Contains("True", StringComparison.Ordinal)
            ? null
            : $"Python 3.11+ is needed at {Python} (apt-get install python3, or set PACK_PYTHON).\n{version.Describe()}";
    }

    private static string? EnsureMypy()
    {
        if (ProcessRunner.Run(Python, "-m mypy --version", RepositoryPaths.Root, TimeSpan.FromMinutes(2)).ExitCode == 0)
        {
            return null;
        }

        if (!OperatingSystem.IsLinux() || Environment.UserName != "root")
        {
            return $"mypy is missing for {Python} and cannot be installed by this user: run `apt-get install mypy` as root.";
        }

        var environment = new Dictionary<string, string> { ["DEBIAN_FRONTEND"] = "noninteractive" };
        var update = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 update -q", "/", TimeSpan.FromMinutes(10), environment);
        var install = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 install -y -q mypy", "/", TimeSpan.FromMinutes(10), environment);
        var check = ProcessRunner.Run(Python, "-m mypy --version", RepositoryPaths.Root, TimeSpan.FromMinutes(2));
        return check.ExitCode == 0 ? null : $"`apt-get install mypy` did not give {Python} a mypy.\n{update.Describe()}\n{install.Describe()}\n{check.Describe()}";
    }
}
