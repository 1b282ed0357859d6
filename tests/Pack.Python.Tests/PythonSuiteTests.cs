using System.Globalization;
using System.Text.RegularExpressions;

namespace Pack.Python.Tests;

/// <summary>
/// The Python client's own unittest suites (clients/python/tests), run under Debian's Python as part of
/// <c>dotnet test Web.sln</c>, one xUnit test per suite, each counting the Python tests it ran.
/// </summary>
public sealed partial class PythonSuiteTests(PythonToolchain toolchain) : IClassFixture<PythonToolchain>
{
    /// <summary>Suite module → the fewest Python tests it must run (a suite that silently lost tests fails).</summary>
    public static TheoryData<string, int> Suites => new()
    {
        { "test_vectors", 6 },
        { "test_streams", 4 },
        { "test_schema", 5 },
        { "test_hostile", 9 },
        { "test_generated", 6 },
        { "test_client", 6 },
        { "test_fast_paths", 6 },
    };

    [Theory]
    [MemberData(nameof(Suites))]
    public void Unittest_Suite_Passes(string suite, int minimum)
    {
        toolchain.RequirePython();

        var run = PythonToolchain.Run($"-m unittest -v {suite}", TimeSpan.FromMinutes(5));

        Assert.True(run.ExitCode == 0, run.Describe());
        var ran = RanCount().Match(run.Output);
        Assert.True(ran.Success, run.Output);
        Assert.True(int.Parse(ran.Groups[1].Value, CultureInfo.InvariantCulture) >= minimum, run.Output);
        Assert.Matches(OkLine(), run.Output);
    }

    [GeneratedRegex(@"^Ran (\d+) tests? in", RegexOptions.Multiline)]
    private static partial Regex RanCount();

    [GeneratedRegex(@"^OK$", RegexOptions.Multiline)]
    private static partial Regex OkLine();
}
