using System.Security.Cryptography;

namespace Pack.TypeScript.Tests;

/// <summary>
/// What the TypeScript tests need, prepared once per test run: Node and npm, the dev dependencies from the committed
/// lockfile (<c>npm ci</c>, skipped when <c>artifacts/typescript</c> holds a stamp for the lockfile's hash and
/// node_modules is present), the strict <c>tsc</c> builds, and Chromium (installed with apt-get when missing). Each
/// step that cannot be had fails the tests that need it with a message saying what is missing, never a skip.
/// </summary>
public sealed class TypeScriptToolchain
{
    private static readonly TimeSpan InstallTimeout = TimeSpan.FromMinutes(10);

    // Static: every test class gets its own fixture instance and xUnit runs the classes in parallel, so per-instance
    // values ran npm ci, tsc and apt-get once per class at the same time, over the same node_modules and dpkg lock.
    private static readonly Lazy<ProcessResult> s_dependencies = new(InstallDependencies, LazyThreadSafetyMode.ExecutionAndPublication);
    private static readonly Lazy<ProcessResult> s_build = new(Build, LazyThreadSafetyMode.ExecutionAndPublication);
    private static readonly Lazy<string?> s_chromium = new(EnsureChromium, LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>The Chromium executable the browser tests drive.</summary>
    public static string ChromiumPath => Environment.GetEnvironmentVariable("PACK_CHROMIUM") ?? "/usr/bin/chromium";

    /// <summary>Asserts that npm ci succeeded (so <see cref="Tsc"/> can run).</summary>
    public void RequireDependencies()
    {
        var deps = s_dependencies.Value;
        Assert.True(deps.ExitCode == 0, $"The TypeScript dev dependencies could not be installed (Node 20+ and npm are needed; npm ci reads clients/typescript/package-lock.json).\n{deps.Describe()}");
    }

    /// <summary>Asserts that npm ci and both tsc --strict builds succeeded.</summary>
    public void RequireBuild()
    {
        RequireDependencies();
        var build = s_build.Value;
        Assert.True(build.ExitCode == 0, $"tsc --strict failed.\n{build.Describe()}");
    }

    /// <summary>Asserts that Chromium is present (installing it when missing).</summary>
    public void RequireChromium()
    {
        var problem = s_chromium.Value;
        Assert.True(problem is null, problem);
    }

    /// <summary>Runs <c>node</c> with arguments in the package folder.</summary>
    public static ProcessResult Node(string arguments, TimeSpan timeout) => Node(arguments, timeout, new Dictionary<string, string>());

    /// <summary>Runs <c>node</c> with arguments and extra environment variables in the package folder.</summary>
    public static ProcessResult Node(string arguments, TimeSpan timeout, IReadOnlyDictionary<string, string> environment)
    {
        var variables = new Dictionary<string, string>(environment) { ["PACK_CHROMIUM"] = ChromiumPath };
        return ProcessRunner.Run("node", arguments, RepositoryPaths.Package, timeout, variables);
    }

    /// <summary>Runs the package's tsc on a project file (path relative to the package folder).</summary>
    public static ProcessResult Tsc(string project) =>
        Node($"node_modules/typescript/bin/tsc -p {project}", TimeSpan.FromMinutes(5));

    private static ProcessResult InstallDependencies()
    {
        var node = ProcessRunner.Run("node", "--version", RepositoryPaths.Package, TimeSpan.FromMinutes(1));
        if (node.ExitCode != 0)
        {
            return node with { Output = "Node.js is not installed (apt-get install nodejs npm). " + node.Output };
        }

        var lockFile = Path.Combine(RepositoryPaths.Package, "package-lock.json");
        var hash = Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(lockFile)))[..16];
        var stampDirectory = Path.Combine(RepositoryPaths.Root, "artifacts", "typescript");
        var stamp = Path.Combine(stampDirectory, $"npm-ci-{hash}.stamp");
        if (File.Exists(stamp) && Directory.Exists(Path.Combine(RepositoryPaths.Package, "node_modules", "typescript")))
        {
            return new ProcessResult("npm ci (cached)", 0, $"node_modules matches lockfile {hash}");
        }

        var install = ProcessRunner.Run("npm", "ci --no-audit --no-fund", RepositoryPaths.Package, InstallTimeout);
        if (install.ExitCode == 0)
        {
            Directory.CreateDirectory(stampDirectory);
            File.WriteAllText(stamp, DateTimeOffset.UtcNow.ToString("O"));
        }

        return install;
    }

    private static ProcessResult Build()
    {
        var package = Tsc("tsconfig.json");
        if (package.ExitCode != 0)
        {
            return package;
        }

        return Tsc("tsconfig.test.json");
    }

    private static string? EnsureChromium()
    {
        if (File.Exists(ChromiumPath))
        {
            return null;
        }

        if (!OperatingSystem.IsLinux() || Environment.UserName != "root")
        {
            return $"Chromium is missing at {ChromiumPath} and cannot be installed by this user: run `apt-get install chromium` as root, or set PACK_CHROMIUM to a Chromium executable.";
        }

        var environment = new Dictionary<string, string> { ["DEBIAN_FRONTEND"] = "noninteractive" };
        // Another apt-get of the machine's (a CI step's) may hold the dpkg lock: wait for it rather than fail.
        var update = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 update -q", "/", InstallTimeout, environment);
        var install = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 install -y -q chromium", "/", InstallTimeout, environment);
        if (install.ExitCode != 0 || !File.Exists(ChromiumPath))
        {
            return $"Chromium is missing at {ChromiumPath} and `apt-get install chromium` failed.\n{update.Describe()}\n{install.Describe()}";
        }

        return null;
    }
}
