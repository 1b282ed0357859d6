using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// ASP.NET's own JSON input formatter lets a decompression error escape (a 500); once AddPackFormatters is called the
/// same undecodable body is a 400 problem+json for JSON too, so Pack's setup never makes a server worse than JSON alone.
/// </summary>
public sealed class UndecodableJsonBodyTests
{
    [Theory]
    [InlineData("gzip")]
    [InlineData("deflate")]
    public async Task Post_JsonBodyNotInItsContentEncoding_Returns400ProblemJson(string encoding)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();
        var garbage = new byte[256];
        new Random(11).NextBytes(garbage);
        var content = PackHttp.Bytes(garbage, "application/json");
        content.Headers.ContentEncoding.Add(encoding);

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", content, accept: "application/json"));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var problem = await PackHttp.ReadProblemAsync(response);
        Assert.Contains("Content-Encoding", problem.ToString(), StringComparison.Ordinal);
    }
}
