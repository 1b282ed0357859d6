using Pack.Tests.Models;

namespace Pack.Tests;

public sealed class PackSerializerOptionsTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(1001)]
    [InlineData(1_000_000)]
    public void MaxDepth_OutOfRange_ThrowsArgumentOutOfRange(int depth)
    {
        var exception = Assert.Throws<ArgumentOutOfRangeException>(() => new PackSerializerOptions { MaxDepth = depth });

        Assert.Equal("value", exception.ParamName);
    }

    [Fact]
    public void Limits_OutOfRange_ThrowArgumentOutOfRange()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new PackSerializerOptions { MaxPayloadLength = 0 });
        Assert.Throws<ArgumentOutOfRangeException>(() => new PackSerializerOptions { MaxAllocationRatio = -1 });
    }

    [Fact]
    public void MaxDepth_Limit_IsAccepted()
    {
        var options = new PackSerializerOptions { MaxDepth = PackSerializerOptions.MaxDepthLimit };

        Assert.Equal(1000, options.MaxDepth);
    }

    [Fact]
    public void Deserialize_DeepestAllowedNestingOnASmallStack_ThrowsPackExceptionOrSucceedsNeverCrashes()
    {
        var options = new PackSerializerOptions { MaxDepth = PackSerializerOptions.MaxDepthLimit };
        var root = new Node { Value = 0 };
        var current = root;
        for (int i = 1; i < PackSerializerOptions.MaxDepthLimit; i++)
        {
            current.Next = new Node { Value = i };
            current = current.Next;
        }

        byte[] payload = RunOnThread(() => PackSerializer.Serialize(root, options), 16 * 1024 * 1024);
        Exception? outcome = null;
        int depth = 0;

        // 192 KiB of stack cannot hold 1,000 levels of emitted readers and writers: the stack check must turn that
        // into a PackException instead of a fatal stack overflow that would kill the test host.
        RunOnThread(
            () =>
            {
                try
                {
                    var copy = PackSerializer.Deserialize<Node>(payload, options);
                    for (var node = copy; node is not null; node = node.Next)
                    {
                        depth++;
                    }
                }
                catch (Exception exception)
                {
                    outcome = exception;
                }

                try
                {
                    PackSerializer.Serialize(root, options);
                }
                catch (Exception exception)
                {
                    outcome ??= exception;
                }

                return 0;
            },
            192 * 1024);

        var packException = Assert.IsType<PackException>(outcome);
        Assert.Contains("stack", packException.Message, StringComparison.Ordinal);
        Assert.True(depth is 0 or PackSerializerOptions.MaxDepthLimit);
    }

    [Fact]
    public async Task DeserializeAsync_MemoryStreamPastItsEnd_ThrowsPackException()
    {
        using var stream = new MemoryStream(PackSerializer.Serialize(42L));
        stream.Position = stream.Length + 10;

        var exception = await Assert.ThrowsAsync<PackException>(async () => await PackSerializer.DeserializeAsync<SmallObject>(stream));

        Assert.Equal(0, exception.Offset);
    }

    [Fact]
    public async Task DeserializeAsync_DisposedStream_ThrowsArgumentException()
    {
        var stream = new MemoryStream(PackSerializer.Serialize(42L));
        await stream.DisposeAsync();

        await Assert.ThrowsAsync<ArgumentException>(async () => await PackSerializer.DeserializeAsync<SmallObject>(stream));
    }

    private static T RunOnThread<T>(Func<T> action, int stackSize)
    {
        T result = default!;
        Exception? failure = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    result = action();
                }
                catch (Exception exception)
                {
                    failure = exception;
                }
            },
            stackSize);
        thread.Start();
        thread.Join();
        if (failure is not null)
        {
            throw failure;
        }

        return result;
    }
}
