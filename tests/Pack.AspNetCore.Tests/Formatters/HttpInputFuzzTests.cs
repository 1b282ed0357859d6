using System.Net;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Tests.Fuzzing;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Fuzzes the HTTP input path: structure-aware mutations of valid Pack bodies are posted to a controller and to a
/// minimal endpoint. Every answer must be a success or a 400/413/415 problem, never a 500. <c>PACK_HTTP_FUZZ_REQUESTS</c>
/// raises the default of 2,000 requests.
/// </summary>
public sealed class HttpInputFuzzTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    private static readonly PackShape S = PackShape.String;
    private static readonly PackShape I32 = PackShape.Fixed(4);

    [Fact]
    public async Task Post_MutatedPackBodies_AreAnsweredWithSuccessOrA4xxProblem()
    {
        int requests = int.TryParse(Environment.GetEnvironmentVariable("PACK_HTTP_FUZZ_REQUESTS"), out var configured) ? configured : 2_000;
        var organization = PackShape.Object(I32, PackShape.Collection(S), PackShape.Collection(PackShape.Object(I32, S, S, S, PackShape.Fixed(8), PackShape.Fixed(8))));
        var small = PackShape.Object(I32, I32, I32, S, S);
        var organizations = new PackFuzzer(organization, Enumerable.Range(1, 6).Select(i => PackSerializer.Serialize(SampleData.Organization(i, members: i * i))));
        var smalls = new PackFuzzer(small, [PackSerializer.Serialize(SampleData.Small()), PackSerializer.Serialize(new SmallObject { S1 = "😀", S2 = "" })]);
        (string Path, PackFuzzer Fuzzer)[] targets =
        [
            ("/api/organizations", organizations),
            ("/minimal/organizations", organizations),
            ("/api/organizations/small", smalls),
            ("/minimal/small", smalls),
        ];

        // A small limit, so some mutations (splices, duplications) cross it and the 413 path is fuzzed too.
        using var limited = factory.WithWebHostBuilder(web => web.ConfigureTestServices(services =>
            services.Configure<PackFormatterOptions>(options => options.MaxRequestBodySize = 2048)));
        using var client = limited.CreateClient();
        var random = new Random(20261122);
        var statuses = new Dictionary<HttpStatusCode, int>();

        for (int i = 0; i < requests; i++)
        {
            var (path, fuzzer) = targets[i % targets.Length];
            var body = fuzzer.Next(random);

            using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(body)));
            var content = await response.Content.ReadAsStringAsync();
            statuses[response.StatusCode] = statuses.GetValueOrDefault(response.StatusCode) + 1;

            if (!response.IsSuccessStatusCode)
            {
                Assert.True(
                    response.StatusCode is HttpStatusCode.BadRequest or HttpStatusCode.RequestEntityTooLarge or HttpStatusCode.UnsupportedMediaType,
                    $"{path}: {(int)response.StatusCode} for {Convert.ToHexString(body)}: {content}");
                Assert.Equal(PackHttp.ProblemJson, response.Content.Headers.ContentType?.MediaType);
            }
        }

        Assert.True(statuses.ContainsKey(HttpStatusCode.OK) && statuses.ContainsKey(HttpStatusCode.BadRequest), string.Join(", ", statuses));
    }
}
