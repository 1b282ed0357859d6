namespace Pack.Samples.Demo;

/// <summary>
/// <c>dotnet run --project samples/Demo</c> hosts the sample API in-process;
/// <c>dotnet run --project samples/Demo -- --url http://host:port</c> calls one that is already running.
/// </summary>
internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        using var cancellation = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) =>
        {
            e.Cancel = true;
            cancellation.Cancel();
        };

        // `rolling`: the client of the rolling-upgrade compose profile (docs/rolling-upgrade.md).
        return args is ["rolling", ..]
            ? await Rolling.RollingUpgradeRunner.RunAsync(args[1..], Console.Out, cancellation.Token)
            : await DemoRunner.RunAsync(args, Console.Out, cancellation.Token);
    }
}
