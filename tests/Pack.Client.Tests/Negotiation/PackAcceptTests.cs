using System.Net.Http.Headers;

namespace Pack.Client.Tests.Negotiation;

/// <summary>How a response's <c>Content-Type</c> is classified: the exact Pack values from the raw header, everything else parsed.</summary>
public sealed class PackAcceptTests
{
    public static TheoryData<string?> ContentTypes() => new()
    {
        null,
        "application/x-pack",
        "APPLICATION/X-PACK",
        "application/x-pack-stream",
        "Application/X-Pack-Stream",
        "application/x-pack; charset=utf-8",
        "application/x-pack-stream;v=1",
        "application/json",
        "application/json; charset=utf-8",
        "text/json",
        "application/problem+json",
        "application/vnd.api+json",
        "text/plain",
        "application/x-packed",
        "application/x-pac",
        "application/octet-stream",
    };

    [Theory]
    [MemberData(nameof(ContentTypes))]
    public void Classify_RawHeaderFromTheWire_MatchesTheParsedMediaType(string? contentType)
    {
        using var content = new ByteArrayContent([1]);
        content.Headers.ContentType = null;
        if (contentType is not null)
        {
            // As HttpClient stores a response header: the raw string, parsed only when a typed property asks for it.
            Assert.True(content.Headers.TryAddWithoutValidation("Content-Type", contentType));
        }

        var parsed = contentType is null ? PackMediaKind.None : PackAccept.Classify(MediaTypeHeaderValue.Parse(contentType).MediaType!);

        Assert.Equal(parsed, PackAccept.Classify(content));
    }

    [Fact]
    public void Classify_TypedContentType_MatchesTheParsedMediaType()
    {
        using var content = new ByteArrayContent([1]);
        content.Headers.ContentType = new MediaTypeHeaderValue(PackMediaTypes.Pack) { CharSet = "utf-8" };

        Assert.Equal(PackMediaKind.Pack, PackAccept.Classify(content));
    }

    [Theory]
    [InlineData("application/x-pack", nameof(PackMediaKind.Pack))]
    [InlineData("application/x-pack-stream", nameof(PackMediaKind.PackStream))]
    public void Classify_ExactPackValue_ParsesNothing(string contentType, string expected)
    {
        // A response is classified once, so each measurement is on a fresh content whose header was never read: a
        // parsed value would be cached in the header store and cost nothing the second time.
        using var warm = RawContent(contentType);
        PackAccept.Classify(warm); // The first call may allocate for the JIT.
        using var content = RawContent(contentType);

        long before = GC.GetAllocatedBytesForCurrentThread();
        var kind = PackAccept.Classify(content);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(expected, kind.ToString());
        Assert.Equal(0, allocated);
    }

    private static ByteArrayContent RawContent(string contentType)
    {
        var content = new ByteArrayContent([1]);
        content.Headers.ContentType = null;
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        return content;
    }
}
