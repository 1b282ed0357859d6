using Pack.Streaming;

namespace Pack.Client.Tests.Budget;

/// <summary>
/// A malicious server on real Kestrel sends Pack bodies and streams that are small on the wire and large in memory. Every
/// read of the client (GetFromPackAsync into a value, a list or an array, ReadFromPackAsync, the item-by-item stream
/// read) fails with the budget's <see cref="PackException"/> (inside <see cref="PackContentException"/> where the client
/// documents that) and allocates no more than docs/robustness.md states: 16 × bytes + 256 KiB, plus one object's user
/// code (U) and, for streams, the reader's 4 KiB; measured for the whole process, so plus what one ordinary request
/// costs the HTTP stack on both sides.
/// </summary>
[Collection(ProcessAllocationCollection.Name)]
public sealed class HttpClientPackExtensionsMaliciousServerTests
{
    private const long StreamReaderOverhead = 4 * 1024;

    private static readonly long UserCode = ProcessAllocation.OfUserCode(() => new AllocatingItem());

    [Theory]
    [InlineData("List")]
    [InlineData("Array")]
    public async Task GetFromPackAsync_ManyNullFramesCollected_ThrowsBudgetPackExceptionWithinTheBound(string shape)
    {
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();
        long request = await RequestCostAsync(client);
        Func<Task> read = shape == "List"
            ? () => client.GetFromPackAsync<List<decimal?>>(MaliciousServerHost.NullFrames)
            : () => client.GetFromPackAsync<decimal?[]>(MaliciousServerHost.NullFrames);
        await Record.ExceptionAsync(read); // warm up: first use of the types is the process's cost, not the payload's

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        AssertBudgetRejection(exception, wrapped: true);
        AssertWithin(allocated, MaliciousServerHost.NullFrames, userCode: 0, StreamReaderOverhead + request);
    }

    [Theory]
    [InlineData("List")]
    [InlineData("Array")]
    public async Task GetFromPackAsync_FramesOfAllocatingInitializersCollected_ThrowsBudgetPackExceptionWithinTheBound(string shape)
    {
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();
        long request = await RequestCostAsync(client);
        Func<Task> read = shape == "List"
            ? () => client.GetFromPackAsync<List<AllocatingItem>>(MaliciousServerHost.AllocatingFrames)
            : () => client.GetFromPackAsync<AllocatingItem[]>(MaliciousServerHost.AllocatingFrames);
        await Record.ExceptionAsync(read);

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        AssertBudgetRejection(exception, wrapped: true);
        AssertWithin(allocated, MaliciousServerHost.AllocatingFrames, UserCode, StreamReaderOverhead + request);
    }

    [Fact]
    public async Task GetFromPackAsync_SmallBodyOfAllocatingInitializers_ThrowsBudgetPackExceptionWithinTheBound()
    {
        // 6 KB, not a stream: 1,500 empty bodies whose initializers would allocate 6 MB.
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();
        long request = await RequestCostAsync(client);
        Func<Task> read = () => client.GetFromPackAsync<List<AllocatingItem>>(MaliciousServerHost.AllocatingList);
        await Record.ExceptionAsync(read);

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        AssertBudgetRejection(exception, wrapped: true);
        AssertWithin(allocated, MaliciousServerHost.AllocatingList, UserCode, request);
    }

    [Theory]
    [InlineData(MaliciousServerHost.NullFrames)]
    [InlineData(MaliciousServerHost.AllocatingFrames)]
    [InlineData(MaliciousServerHost.AllocatingList)]
    public async Task ReadFromPackAsync_CraftedResponse_ThrowsBudgetPackExceptionWithinTheBound(string body)
    {
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();
        long request = await RequestCostAsync(client);
        Func<Task> read = async () =>
        {
            using var response = await client.GetAsync(body, HttpCompletionOption.ResponseHeadersRead);
            _ = body == MaliciousServerHost.NullFrames
                ? (await response.Content.ReadFromPackAsync<List<decimal?>>())?.Count
                : (await response.Content.ReadFromPackAsync<List<AllocatingItem>>())?.Count;
        };
        await Record.ExceptionAsync(read);

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        AssertBudgetRejection(exception, wrapped: true);
        bool stream = body != MaliciousServerHost.AllocatingList;
        AssertWithin(allocated, body, body == MaliciousServerHost.NullFrames ? 0 : UserCode, (stream ? StreamReaderOverhead : 0) + request);
    }

    [Fact]
    public async Task GetFromPackAsAsyncEnumerable_FramesOfAllocatingInitializers_ThrowsBudgetPackExceptionWithinTheBound()
    {
        // Item by item: nothing is collected, but each frame's initializer allocates 4 KB against the stream's one budget.
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();
        long request = await RequestCostAsync(client);
        int items = 0;
        Func<Task> read = async () =>
        {
            items = 0;
            await foreach (var item in client.GetFromPackAsAsyncEnumerable<AllocatingItem>(MaliciousServerHost.AllocatingFrames))
            {
                items++;
            }
        };
        await Record.ExceptionAsync(read);

        var (allocated, exception) = await ProcessAllocation.MeasureAsync(read);

        AssertBudgetRejection(exception, wrapped: false);
        Assert.InRange(items, 1, 5_999);
        AssertWithin(allocated, MaliciousServerHost.AllocatingFrames, UserCode, StreamReaderOverhead + request);
    }

    [Fact]
    public async Task GetFromPackAsync_OrdinaryBody_IsRead()
    {
        // The control: the same server and client read an ordinary body.
        await using var server = await MaliciousServerHost.StartAsync();
        using var client = server.CreateClient();

        Assert.Equal(7, await client.GetFromPackAsync<int>(MaliciousServerHost.Small));
    }

    /// <summary>
    /// What one ordinary request (a valid 4-byte body) costs the process: the HTTP client, Kestrel and the endpoint, on a
    /// new connection, as every measured read after a rejected one is.
    /// </summary>
    private static async Task<long> RequestCostAsync(HttpClient client)
    {
        Assert.Equal(7, await client.GetFromPackAsync<int>(MaliciousServerHost.SmallOnNewConnection)); // warm up the types
        var (allocated, exception) = await ProcessAllocation.MeasureAsync(() => client.GetFromPackAsync<int>(MaliciousServerHost.SmallOnNewConnection));
        Assert.Null(exception);
        return allocated;
    }

    private static void AssertBudgetRejection(Exception? exception, bool wrapped)
    {
        var pack = wrapped ? Assert.IsType<PackException>(Assert.IsType<PackContentException>(exception).InnerException) : Assert.IsType<PackException>(exception);
        Assert.Contains("budget", pack.Message, StringComparison.Ordinal);
    }

    private static void AssertWithin(long allocated, string body, long userCode, long overhead)
    {
        long length = MaliciousServerHost.Bodies[body].Bytes.Length;
        long bound = (16 * length) + PackSerializerOptions.AllocationAllowance + userCode + overhead;
        Assert.True(allocated <= bound, $"{body} ({length:N0} bytes): the process allocated {allocated:N0}, over {bound:N0} (of which one request {overhead:N0})");
    }
}
