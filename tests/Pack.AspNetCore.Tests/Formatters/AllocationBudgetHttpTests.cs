using System.Buffers.Binary;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>A body whose counts ask for memory out of proportion to its length is a 400 problem+json, not an OutOfMemoryException and a 500.</summary>
public sealed class AllocationBudgetHttpTests
{
    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_MembersSentAsEmptyBodies_Returns400ProblemNamingTheBudget(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(EmptyMembers(500_000))));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Contains("budget", problem.ToString(), StringComparison.Ordinal);
    }

    private static byte[] EmptyMembers(int count)
    {
        // Organization { Id, Tags = null, Members = count x an empty body }: 4 bytes per Member on the wire, 72 in memory.
        byte[] payload = new byte[4 + 2 + 4 + 4 + 4 + (count * 4)];
        var span = payload.AsSpan();
        BinaryPrimitives.WriteInt32LittleEndian(span, -2);
        BinaryPrimitives.WriteUInt16LittleEndian(span[4..], 3);
        BinaryPrimitives.WriteInt32LittleEndian(span[6..], 1);
        BinaryPrimitives.WriteInt32LittleEndian(span[10..], -1);
        BinaryPrimitives.WriteInt32LittleEndian(span[14..], count);
        return payload;
    }
}
