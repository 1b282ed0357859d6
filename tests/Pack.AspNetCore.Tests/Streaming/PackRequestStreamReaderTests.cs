using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore.Tests.Streaming;

/// <summary>
/// The server's reader of request streams against the stream golden vectors (docs/vectors/streams.json): every malformed
/// stream is a <see cref="PackException"/> at the offset docs/wire-format.md §10 fixes, as for PackStream.ReadAsync and the
/// TypeScript client, and is recorded as the client's fault (400).
/// </summary>
public sealed class PackRequestStreamReaderTests
{
    public static TheoryData<string> InvalidStreamVectors => new(Vectors().Select(v => v["id"]!.GetValue<string>()));

    [Theory]
    [MemberData(nameof(InvalidStreamVectors))]
    public async Task ReadAsync_InvalidStreamVector_ThrowsPackExceptionAtTheSpecifiedOffset(string id)
    {
        var vector = Vectors().Single(v => v["id"]!.GetValue<string>() == id);
        Assert.Equal("int", vector["itemType"]!.GetValue<string>());
        byte[] bytes = Convert.FromHexString(vector["hex"]!.GetValue<string>());
        var context = new DefaultHttpContext();
        context.Request.Body = new MemoryStream(bytes);
        context.Request.ContentLength = bytes.Length;
        var reader = new PackRequestStreamReader<int>(context, new PackFormatterOptions());

        var exception = await Assert.ThrowsAsync<PackException>(async () =>
        {
            await foreach (var _ in reader)
            {
            }
        });

        if (vector["offset"] is { } offset)
        {
            Assert.Equal(offset.GetValue<long>(), exception.Offset);
        }
        else
        {
            Assert.InRange(exception.Offset, 0, bytes.Length);
        }

        Assert.Equal(StatusCodes.Status400BadRequest, context.Features.Get<PackRequestStreamFailure>()?.StatusCode);
    }

    private static IEnumerable<JsonNode> Vectors()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var file = Path.Combine(directory.FullName, "docs", "vectors", "streams.json");
            if (File.Exists(file))
            {
                return JsonNode.Parse(File.ReadAllText(file))!["invalid"]!.AsArray().Select(v => v!);
            }
        }

        throw new FileNotFoundException("docs/vectors/streams.json was not found above " + AppContext.BaseDirectory);
    }
}
