using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>Contexts declared inside partial types are completed in place and write the bytes of the run-time path.</summary>
public class NestedContextTests
{
    [Fact]
    public void GetFormatter_PrivateTypeOfTheHost_RoundTripsWithTheRunTimeBytes()
    {
        var (generated, il, read) = NestedContextHost.RoundTrip(7, "ada", [1, 2, 3]);

        Assert.Equal(il, generated);
        Assert.Equal("7 ada 1,2,3", read);
    }

    [Fact]
    public void GetFormatter_ContextNestedTwice_RoundTripsPrivateSetters()
    {
        var formatter = NestedContextHost.Inner.BoxContext.Default.GetFormatter<Box<string>>()!;
        var value = Box<string>.Create("x", 3, ["a", "b"]);

        byte[] bytes = Codec.Write(formatter, value);
        var read = Codec.Read(formatter, bytes)!;

        Assert.Equal(Codec.Write(Codec.Il<Box<string>>()!, value), bytes);
        Assert.Equal(("x", 3, "a,b"), (read.Value, read.Count, string.Join(',', read.Items!)));
        Assert.Same(NestedContextHost.Inner.BoxContext.Default, NestedContextHost.Inner.BoxContext.Default);
    }
}
