using System.Net;
using System.Net.Sockets;
using Pack.TypeScript.Tests;
using StackExchange.Redis;

namespace Pack.Caching.Tests;

/// <summary>
/// A real <c>redis-server</c> for the tests: installed with apt-get when missing (as the TypeScript tests install
/// Chromium), started on 127.0.0.1 and a free port with no persistence, and stopped when the tests end. A missing or
/// failing server fails the tests that need it with a message saying why, never a skip. The fault tests stop and
/// restart it (<see cref="Stop"/>, <see cref="Start"/>), so each test class gets a server of its own.
/// </summary>
/// <remarks>
/// No xunit here: benchmarks/Pack.Benchmarks links this file (with ProcessRunner.cs) for its HybridCache-over-Redis
/// benchmark; the tests' assertion is in RedisServer.Require.cs.
/// </remarks>
public sealed partial class RedisServer : IDisposable
{
    private const string ServerPath = "/usr/bin/redis-server";
    private static readonly TimeSpan InstallTimeout = TimeSpan.FromMinutes(10);
    private static readonly Lazy<string?> s_installed = new(EnsureInstalled, LazyThreadSafetyMode.ExecutionAndPublication);

    private readonly object _gate = new();
    private System.Diagnostics.Process? _process;
    private readonly string? _problem;

    public RedisServer()
    {
        Port = FreePort();
        _problem = s_installed.Value ?? Start();
    }

    /// <summary>The port the server listens on (127.0.0.1), kept across <see cref="Stop"/> and <see cref="Start"/>.</summary>
    public int Port { get; }

    /// <summary>The StackExchange.Redis configuration for this server.</summary>
    public string Endpoint => $"127.0.0.1:{Port}";

    /// <summary>Why the server is not installed or did not start, or <see langword="null"/> when it runs.</summary>
    public string? Problem => _problem;

    /// <summary>
    /// Client options that bound every call when the server is gone or slow: connect, sync and async timeouts of
    /// <paramref name="timeoutMilliseconds"/> and no waiting at start for a connection (docs/caching.md §6). Commands
    /// issued while disconnected wait in the client's backlog for at most the timeout.
    /// </summary>
    /// <param name="timeoutMilliseconds">
    /// The timeouts. The default, 10 s, is for tests of what the cache reads and writes: on a loaded 2-core CI machine a
    /// healthy Redis call took over a second, and a 500 ms client turned it into a miss the test did not mean. Tests of
    /// a slow, full or absent Redis pass their own short timeout (<c>RedisFaultTests</c>).
    /// </param>
    public ConfigurationOptions ClientOptions(int timeoutMilliseconds = 10_000) => FailFastOptions(Endpoint, timeoutMilliseconds);

    /// <summary>The same options for any endpoint (one nothing listens on, for the "unreachable at start" case).</summary>
    public static ConfigurationOptions FailFastOptions(string endpoint, int timeoutMilliseconds = 500)
    {
        var options = ConfigurationOptions.Parse(endpoint);
        options.AbortOnConnectFail = false;
        options.ConnectTimeout = timeoutMilliseconds;
        options.SyncTimeout = timeoutMilliseconds;
        options.AsyncTimeout = timeoutMilliseconds;
        options.ConnectRetry = 0;
        options.AllowAdmin = true;
        return options;
    }

    /// <summary>Starts the server (again) on <see cref="Port"/>; returns why it failed, or <see langword="null"/>.</summary>
    public string? Start()
    {
        lock (_gate)
        {
            if (_process is { HasExited: false })
            {
                return null;
            }

            var start = new System.Diagnostics.ProcessStartInfo(ServerPath)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            foreach (var argument in new[] { "--port", Port.ToString(System.Globalization.CultureInfo.InvariantCulture), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--enable-debug-command", "local", "--loglevel", "warning" })
            {
                start.ArgumentList.Add(argument);
            }

            _process = System.Diagnostics.Process.Start(start)!;
            _process.OutputDataReceived += (_, _) => { };
            _process.ErrorDataReceived += (_, _) => { };
            _process.BeginOutputReadLine();
            _process.BeginErrorReadLine();
            var deadline = DateTime.UtcNow.AddSeconds(20);
            while (DateTime.UtcNow < deadline)
            {
                if (_process.HasExited)
                {
                    return $"redis-server exited at start with {_process.ExitCode} (port {Port}).";
                }

                if (Accepts())
                {
                    return null;
                }

                Thread.Sleep(50);
            }

            return $"redis-server did not accept connections on {Endpoint} within 20 s.";
        }
    }

    /// <summary>Stops the server (the fault tests: Redis gone mid-run).</summary>
    public void Stop()
    {
        lock (_gate)
        {
            if (_process is { HasExited: false } process)
            {
                process.Kill();
                process.WaitForExit();
            }
        }
    }

    /// <summary>Runs one command on a connection of its own (CONFIG SET, DEBUG SLEEP, FLUSHALL ...).</summary>
    public RedisResult Execute(string command, params object[] arguments)
    {
        using var connection = ConnectionMultiplexer.Connect(ClientOptions(15_000));
        return connection.GetDatabase().Execute(command, arguments);
    }

    public void Dispose()
    {
        Stop();
        _process?.Dispose();
    }

    private bool Accepts()
    {
        try
        {
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            socket.Connect(IPAddress.Loopback, Port);
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    /// <summary>A port nothing listens on right now.</summary>
    public static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static string? EnsureInstalled()
    {
        if (File.Exists(ServerPath))
        {
            return null;
        }

        if (!OperatingSystem.IsLinux() || Environment.UserName != "root")
        {
            return $"redis-server is missing at {ServerPath} and cannot be installed by this user: run `apt-get install redis-server` as root.";
        }

        var environment = new Dictionary<string, string> { ["DEBIAN_FRONTEND"] = "noninteractive" };
        // Another apt-get of the machine's (a CI step's, the TypeScript tests' Chromium) may hold the dpkg lock: wait for it.
        var update = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 update -q", "/", InstallTimeout, environment);
        var install = ProcessRunner.Run("apt-get", "-o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends redis-server", "/", InstallTimeout, environment);
        if (install.ExitCode != 0 || !File.Exists(ServerPath))
        {
            return $"redis-server is missing at {ServerPath} and `apt-get install redis-server` failed.\n{update.Describe()}\n{install.Describe()}";
        }

        // The package's service may have started a server on the default port; the tests use their own servers only.
        return null;
    }
}
