using Microsoft.Extensions.DependencyInjection;
using Pack.Client.Tests.Budget;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>
/// Refit's <c>Task&lt;List&lt;T&gt;&gt;</c> (and <c>Task&lt;T[]&gt;</c>) against a malicious server on real Kestrel: the Pack
/// stream or body that is small on the wire and large in memory fails with the budget's <see cref="PackException"/>
/// (inside Refit's <see cref="ApiException"/> and Pack.Client's <c>PackContentException</c>) within the bound of docs/robustness.md, measured for the whole process
/// plus one ordinary request's cost, as <c>HttpClientPackExtensionsMaliciousServerTests</c> does for Pack.Client.
/// </summary>
[Collection(ProcessAllocationCollection.Name)]
public sealed class MaliciousServerRefitTests
{
    private const long StreamReaderOverhead = 4 * 1024;

    private static readonly long UserCode = ProcessAllocation.OfUserCode(() => new AllocatingItem());

    [Theory]
    [InlineData(MaliciousServerHost.NullFrames, "List")]
    [InlineData(MaliciousServerHost.NullFrames, "Array")]
    [InlineData(MaliciousServerHost.AllocatingFrames, "List")]
    [InlineData(MaliciousServerHost.AllocatingList, "List")]
    public async Task RefitCall_CraftedResponse_ThrowsBudgetPackExceptionWithinTheBound(string body, string shape)
    {
        await using var server = await MaliciousServerHost.StartAsync();
        await using var provider = CreateProvider(server);
        var client = provider.GetRequiredService<IMaliciousApi>();
        Assert.Equal(7, await client.GetSmallOnNewConnectionAsync()); // warm up the types
        // On a new connection, as every measured read after a rejected one is (MaliciousServerHost.NewConnectionQuery).
        var (request, failed) = await ProcessAllocation.MeasureAsync(() => client.GetSmallOnNewConnectionAsync());
        Assert.Null(failed);
        Func<Task> read = (body, shape) switch
        {
            (MaliciousServerHost.NullFrames, "List") => () => client.GetNullFramesAsync(),
            (MaliciousServerHost.NullFrames, _) => () => client.GetNullFramesAsArrayAsync(),
            (MaliciousServerHost.AllocatingFrames, _) => () => client.GetAllocatingFramesAsync(),
            _ => () => client.GetAllocatingListAsync(),
        };
        await Record.ExceptionAsync(read); // warm up: first use of the types is the process's cost, not the payload's

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        // Refit wraps what its content serializer threw: Pack.Client's PackContentException, with the PackException inside.
        var api = Assert.IsAssignableFrom<ApiException>(exception);
        var pack = Assert.IsType<PackException>(Assert.IsType<Client.PackContentException>(api.InnerException).InnerException);
        Assert.Contains("budget", pack.Message, StringComparison.Ordinal);
        long length = MaliciousServerHost.Bodies[body].Bytes.Length;
        long userCode = body == MaliciousServerHost.NullFrames ? 0 : UserCode;
        long overhead = request + (body == MaliciousServerHost.AllocatingList ? 0 : StreamReaderOverhead);
        long bound = (16 * length) + PackSerializerOptions.AllocationAllowance + userCode + overhead;
        Assert.True(allocated <= bound, $"{body} as {shape} ({length:N0} bytes): the process allocated {allocated:N0}, over {bound:N0} (of which one request {request:N0})");
    }

    private static ServiceProvider CreateProvider(MaliciousServerHost server)
    {
        var services = new ServiceCollection();
        services.AddPackRefitClient<IMaliciousApi>(client => client.BaseAddress = server.BaseAddress);
        return services.BuildServiceProvider();
    }
}
