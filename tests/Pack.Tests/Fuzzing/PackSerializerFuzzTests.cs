using Xunit.Abstractions;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// The bounded fuzz run of <c>dotnet test</c>. The long run is the same test with more inputs:
/// <c>PACK_FUZZ_ITERATIONS=10000000 dotnet test tests/Pack.Tests -c Release --filter FullyQualifiedName~Fuzz</c>
/// (see docs/robustness.md). <c>PACK_FUZZ_SEED</c> changes the random seed, <c>PACK_FUZZ_WORKERS</c> the number of threads.
/// </summary>
public class PackSerializerFuzzTests(ITestOutputHelper output)
{
    private const long DefaultIterations = 120_000;

    [Fact]
    public void Deserialize_StructureAwareMutations_KeepEveryInvariant()
    {
        long iterations = long.TryParse(Environment.GetEnvironmentVariable("PACK_FUZZ_ITERATIONS"), out var configured) ? configured : DefaultIterations;
        int seed = int.TryParse(Environment.GetEnvironmentVariable("PACK_FUZZ_SEED"), out var configuredSeed) ? configuredSeed : 20261122;
        var targets = FuzzTargets.All();

        int workers = int.TryParse(Environment.GetEnvironmentVariable("PACK_FUZZ_WORKERS"), out var configuredWorkers) ? configuredWorkers : Math.Clamp(Environment.ProcessorCount, 1, 4);

        var report = FuzzRunner.Run(targets, iterations, seed, workers);

        output.WriteLine(report.ToString());
        Console.WriteLine($"[fuzz] {report}");
        Assert.True(report.ViolationCount == 0, string.Join(Environment.NewLine, report.Violations));
        Assert.Equal(iterations, report.Inputs);

        // The mutations must reach both outcomes for every target, or the fuzzer is not exercising the decoder.
        Assert.InRange(report.Decoded, 1, iterations - 1);
    }

    [Fact]
    public void Map_ValidPayloads_FindsEveryStructuralField()
    {
        var organization = PackSerializer.Serialize(Models.Organization.Create(2));

        var fields = PackShape.Map(FuzzTargets.OrganizationShape, organization);

        Assert.Equal(new PackField(PackFieldKind.ObjectLength, 0, -2), fields[0]);
        Assert.Equal(new PackField(PackFieldKind.MemberCount, 4, 3), fields[1]);
        Assert.Equal(5 + (2 * 3), fields.Count(f => f.Kind == PackFieldKind.StringHeader)); // five tags, three strings per member
        Assert.Equal(2, fields.Count(f => f.Kind == PackFieldKind.Count));
        Assert.Equal(3, fields.Count(f => f.Kind == PackFieldKind.ObjectLength)); // the top-level header and two members
    }
}
