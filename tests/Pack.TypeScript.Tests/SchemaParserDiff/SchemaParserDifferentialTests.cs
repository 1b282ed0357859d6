using System.Diagnostics;
using System.Globalization;
using System.Text;
using Pack.Schema;
using Xunit.Abstractions;

namespace Pack.TypeScript.Tests.SchemaParserDiff;

/// <summary>
/// The three schema readers of docs/schema.md §1.5, .NET's <see cref="PackSchema.Parse"/> and
/// <see cref="PackSchemaSet.Parse"/>, the TypeScript client's <c>parseSchemaText</c> and <c>parseSchemaSet</c>, and the
/// Python client's <c>parse_schema</c> and <c>parse_schema_set</c> (Debian's <c>/usr/bin/python3</c>, or
/// <c>PACK_PYTHON</c>), accept and reject exactly the same texts, and read an accepted one to the same schema (canonical text and
/// fingerprints; for a set, the same entries). The texts come from a fixed seed (<see cref="SchemaTextMutator"/>):
/// the vectors and fixtures, then mutations of them. <c>PACK_SCHEMA_DIFF_SEED</c> and <c>PACK_SCHEMA_DIFF_COUNT</c>
/// run another or a longer hunt (<c>PACK_SCHEMA_DIFF_COUNT=50000</c>).
/// </summary>
public sealed class SchemaParserDifferentialTests(TypeScriptToolchain toolchain, ITestOutputHelper output) : IClassFixture<TypeScriptToolchain>
{
    private const int DefaultSeed = 20261128;
    private const int DefaultCount = 4000;
    private const int DefaultMismatchesShown = 6;

    /// <summary>TypeScript's <c>schemaLabel</c>, which the script prints, cuts labels for messages to this many characters (its <c>MAX_LABEL_LENGTH</c>); Python prints the whole label.</summary>
    private const int TypeScriptLabelLength = 1024;

    [Fact]
    public void Parse_SeededSchemaTexts_DotNetTypeScriptAndPythonGiveTheSameVerdictAndSchema()
    {
        int seed = Variable("PACK_SCHEMA_DIFF_SEED", DefaultSeed);
        int count = Variable("PACK_SCHEMA_DIFF_COUNT", DefaultCount);
        int shown = Variable("PACK_SCHEMA_DIFF_SHOW", DefaultMismatchesShown);
        var corpus = SchemaTextCorpus.Load();
        var mutator = new SchemaTextMutator(seed, corpus);
        var texts = new List<string>();
        for (int i = 0; i < Math.Max(count, corpus.Count); i++)
        {
            texts.Add(mutator.Next());
        }

        toolchain.RequireBuild();
        var clock = Stopwatch.StartNew();
        var typescript = ParseInNode(texts);
        var node = clock.Elapsed;
        var python = ParseInPython(texts);

        var mismatches = new List<string>();
        int accepted = 0;
        int rejected = 0;
        for (int i = 0; i < texts.Count; i++)
        {
            var (schema, set, pySet) = ParseInDotNet(texts[i]);
            var (tsSchema, tsSet) = (typescript[2 * i], NormalizeSet(typescript[(2 * i) + 1]));
            var (pySchema, pySetRead) = (python[2 * i], NormalizeSet(python[(2 * i) + 1]));
            accepted += schema.StartsWith("accepted", StringComparison.Ordinal) ? 1 : 0;
            rejected += schema.StartsWith("rejected", StringComparison.Ordinal) ? 1 : 0;
            foreach (var (reader, dotnet, ts) in new[] { ("PackSchema.Parse / parseSchemaText", schema, tsSchema), ("PackSchemaSet.Parse / parseSchemaSet", set, tsSet) })
            {
                if (!Agree(dotnet, ts))
                {
                    mismatches.Add($"text {i} ({reader}):\n  text:       {Cut(Escape(texts[i]), 600)}\n  .NET:       {Cut(dotnet, 400)}\n  TypeScript: {Cut(ts, 400)}");
                }
            }

            foreach (var (reader, dotnet, py) in new[] { ("PackSchema.Parse / parse_schema", schema, pySchema), ("PackSchemaSet.Parse / parse_schema_set", pySet, pySetRead) })
            {
                if (!Agree(dotnet, py))
                {
                    mismatches.Add($"text {i} ({reader}):\n  text:       {Cut(Escape(texts[i]), 600)}\n  .NET:       {Cut(dotnet, 400)}\n  Python:     {Cut(py, 400)}");
                }
            }
        }

        output.WriteLine($"seed {seed}: {texts.Count} texts, {accepted} accepted and {rejected} rejected by PackSchema.Parse; {mismatches.Count} disagreements of {4 * texts.Count} reads; node {node.TotalSeconds:0.0} s, all {clock.Elapsed.TotalSeconds:0.0} s");
        Assert.True(
            mismatches.Count == 0,
            $"The schema readers disagree on {mismatches.Count} of {4 * texts.Count} reads (seed {seed}, PACK_SCHEMA_DIFF_SEED={seed} PACK_SCHEMA_DIFF_COUNT={count} to repeat); the first {Math.Min(shown, mismatches.Count)}:\n{string.Join("\n", mismatches.Take(shown))}");

        // The texts reach both verdicts in bulk, so the agreement says something (a reader that rejected everything
        // would agree with nothing).
        Assert.True(accepted >= texts.Count / 20 && rejected >= texts.Count / 4, $"{accepted} accepted and {rejected} rejected of {texts.Count} texts (node took {node.TotalSeconds:0.0} s)");
    }

    private static (string Schema, string Set, string PythonSet) ParseInDotNet(string text)
    {
        string schema = Verdict(() =>
        {
            var parsed = PackSchema.Parse(text);
            return $"{parsed.ContractFingerprint} {parsed.WireFingerprint} {Escape(parsed.CanonicalText)}";
        });
        string set = Verdict(() => string.Join("\t\t", PackSchemaSet.Parse(text).Schemas.Select(s => $"{Escape(CutLabel(s.Label))}\t{s.WireFingerprint}\t{s.ContractFingerprint}")));
        string pythonSet = Verdict(() => string.Join("\t\t", PackSchemaSet.Parse(text).Schemas.Select(s => $"{Escape(s.Label)}\t{s.WireFingerprint}\t{s.ContractFingerprint}")));
        return (schema, set, pythonSet);
    }

    private static string Verdict(Func<string> read)
    {
        try
        {
            return "accepted " + read();
        }
        catch (FormatException exception)
        {
            return "rejected " + Escape(exception.Message);
        }
        catch (Exception exception)
        {
            return "crashed " + Escape($"{exception.GetType().Name}: {exception.Message}");
        }
    }

    /// <summary>
    /// Both readers accept or both reject (neither with another error); accepted texts give the same result.
    /// </summary>
    private static bool Agree(string dotnet, string typescript)
    {
        string outcome = dotnet[..dotnet.IndexOf(' ', StringComparison.Ordinal)];
        if (outcome == "crashed" || !typescript.StartsWith(outcome + " ", StringComparison.Ordinal))
        {
            return false;
        }

        return outcome != "accepted" || dotnet == typescript;
    }

    /// <summary>
    /// TypeScript's set entries in the order of .NET's <see cref="PackSchemaSet.Schemas"/>: sorted by label (ordinal).
    /// Both readers reject a set that describes a root twice (docs/schema.md §2.4), so nothing is dropped here.
    /// </summary>
    private static string NormalizeSet(string verdict)
    {
        const string Accepted = "accepted ";
        if (!verdict.StartsWith(Accepted, StringComparison.Ordinal) || verdict.Length == Accepted.Length)
        {
            return verdict;
        }

        var entries = verdict[Accepted.Length..].Split("\t\t")
            .Select(e => (Label: e[..e.IndexOf('\t', StringComparison.Ordinal)], Entry: e))
            .OrderBy(e => Unescape(e.Label), StringComparer.Ordinal)
            .Select(e => e.Entry);
        return Accepted + string.Join("\t\t", entries);
    }

    /// <summary>Parses them all in one node process (parse-schema-texts.mjs).</summary>
    private static string[] ParseInNode(List<string> texts) => ParseInOneProcess(texts, (input, output) =>
    {
        string script = Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "SchemaParserDiff", "parse-schema-texts.mjs");
        string package = new Uri(Path.Combine(RepositoryPaths.Package, "dist", "index.js")).AbsoluteUri;
        return TypeScriptToolchain.Node($"\"{script}\" \"{package}\" \"{input}\" \"{output}\"", TimeSpan.FromMinutes(10));
    });

    /// <summary>Parses them all in one Python process (parse_schema_texts.py).</summary>
    private static string[] ParseInPython(List<string> texts) => ParseInOneProcess(texts, (input, output) =>
    {
        string script = Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "SchemaParserDiff", "parse_schema_texts.py");
        string python = Environment.GetEnvironmentVariable("PACK_PYTHON") ?? "/usr/bin/python3";
        var variables = new Dictionary<string, string>
        {
            ["PYTHONPATH"] = Path.Combine(RepositoryPaths.Root, "clients", "python", "src"),
            ["PYTHONDONTWRITEBYTECODE"] = "1",
            ["PYTHONUTF8"] = "1",
        };
        return ProcessRunner.Run(python, $"\"{script}\" \"{input}\" \"{output}\"", RepositoryPaths.Root, TimeSpan.FromMinutes(10), variables);
    });

    /// <summary>Writes the texts to a file, lets <paramref name="parse"/> read them all in one process, and reads back two verdicts per text.</summary>
    private static string[] ParseInOneProcess(List<string> texts, Func<string, string, ProcessResult> parse)
    {
        string directory = Path.Combine(Path.GetTempPath(), "pack-schema-diff-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            string input = Path.Combine(directory, "texts.json");
            string output = Path.Combine(directory, "verdicts.txt");
            File.WriteAllText(input, "[" + string.Join(",\n", texts.Select(t => "\"" + Escape(t).Replace("\"", "\\u0022", StringComparison.Ordinal) + "\"")) + "]");
            var run = parse(input, output);
            Assert.True(run.ExitCode == 0, run.Describe());

            var lines = File.ReadAllLines(output);
            Assert.Equal(2 * texts.Count, lines.Length);
            return lines;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static int Variable(string name, int fallback)
        => int.TryParse(Environment.GetEnvironmentVariable(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value) ? value : fallback;

    /// <summary>As parse-schema-texts.mjs writes text: every UTF-16 code unit outside printable ASCII, and <c>\</c>, as <c>\uXXXX</c>.</summary>
    private static string Escape(string text)
    {
        var builder = new StringBuilder(text.Length);
        foreach (char c in text)
        {
            if (c is >= ' ' and <= '~' && c != '\\')
            {
                builder.Append(c);
            }
            else
            {
                builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}");
            }
        }

        return builder.ToString();
    }

    private static string Unescape(string escaped)
    {
        var builder = new StringBuilder(escaped.Length);
        for (int i = 0; i < escaped.Length; i++)
        {
            if (escaped[i] == '\\' && i + 5 < escaped.Length + 1)
            {
                builder.Append((char)int.Parse(escaped.AsSpan(i + 2, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture));
                i += 5;
            }
            else
            {
                builder.Append(escaped[i]);
            }
        }

        return builder.ToString();
    }

    private static string CutLabel(string label) => label.Length <= TypeScriptLabelLength ? label : string.Concat(label.AsSpan(0, TypeScriptLabelLength - 1), "…");

    private static string Cut(string text, int length) => text.Length <= length ? text : string.Concat(text.AsSpan(0, length), $"… ({text.Length} characters)");
}
