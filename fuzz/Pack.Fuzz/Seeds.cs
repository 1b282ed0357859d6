using Pack.AspNetCore.Tests.Fuzzing;
using Pack.Tests.Fuzzing;

namespace Pack.Fuzz;

/// <summary>Writes the seed corpus: one valid input per type (codec and stream targets) or per endpoint (HTTP).</summary>
internal static class Seeds
{
    public static void Write(string root)
    {
        foreach (var target in CoverageTargets.Names)
        {
            var folder = Directory.CreateDirectory(Path.Combine(root, target)).FullName;
            for (int i = 0; i < CoverageTargets.Types.Count; i++)
            {
                File.WriteAllBytes(Path.Combine(folder, $"seed-{i:D2}"), CoverageTargets.Seed(target, i));
            }
        }

        var http = Directory.CreateDirectory(Path.Combine(root, "http")).FullName;
        int n = 0;
        foreach (var seed in HttpCoverageTarget.Seeds())
        {
            File.WriteAllBytes(Path.Combine(http, $"seed-{n++:D2}"), seed);
        }
    }
}
