using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Pack.Schema;
using Pack.TypeScript.Tests.Differential;
using Xunit.Abstractions;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// The random check of the contract rules: <see cref="RandomRejectionGenerator"/> makes contracts that break one rule of
/// docs/generator.md, reached from a root in some way, and near misses that break none. The run-time path (reflection
/// and emitted code: <c>PackSchema.For</c>, and a write and read of a value of the root holding one of the rule-breaking
/// type, since it refuses a type when a value of it is met) and the source generator (one
/// context per case) must agree: both refuse, the exception's message being the rule's ID and the diagnostic's words
/// (the location in place of <c>A value</c> for PACK003 to PACK005, docs/generator.md), or both accept, the generated code
/// compiling. <c>PACK_RANDREJECT_SEED</c> and <c>PACK_RANDREJECT_COUNT</c> (cases, default 120) run longer hunts.
/// </summary>
public sealed class RandomContractRejectionTests(ITestOutputHelper output)
{
    private const int DefaultSeed = 20261128;
    private const int DefaultCount = 120;
    private const int BatchSize = 150;
    private const int ShownDivergences = 12;

    private static int s_assemblies;

    [Fact]
    public void RandomInvalidContracts_RunTimeAndGenerator_RefuseWithTheSameRule()
    {
        int seed = DifferentialNode.Setting("PACK_RANDREJECT_SEED", DefaultSeed);
        int count = DifferentialNode.Setting("PACK_RANDREJECT_COUNT", DefaultCount);
        var clock = Stopwatch.StartNew();
        var run = new Run();
        for (int batch = 0; batch * BatchSize < count; batch++)
        {
            var random = new Random(unchecked((seed * 1_000_003) + batch) & int.MaxValue);
            var generator = new RandomRejectionGenerator(random, $"X{batch}C");
            var cases = Enumerable.Range(0, Math.Min(BatchSize, count - (batch * BatchSize))).Select(_ => generator.Next()).ToList();
            RunCases(cases, $"RandomRejections.S{seed}.B{batch}", run);
        }

        string summary = string.Create(
            CultureInfo.InvariantCulture,
            $"seed {seed}, {run.Cases} cases: both refused {run.Refused} ({string.Join(", ", run.Ids.OrderBy(i => i.Key, StringComparer.Ordinal).Select(i => $"{i.Value} {i.Key}"))}), both accepted {run.Accepted}; "
            + $"Roslyn {run.CompileTime.TotalSeconds:0.0} s, total {clock.Elapsed.TotalSeconds:0.0} s");
        output.WriteLine(summary);
        Assert.True(
            run.Divergences.Count == 0,
            $"The run-time path and the generator disagree ({summary}).\nBy kind:\n{string.Join("\n", run.Groups.OrderByDescending(g => g.Value).Select(g => $"  {g.Value,6}  {g.Key}"))}\n"
            + $"First {Math.Min(ShownDivergences, run.Divergences.Count)}:\n{string.Join("\n", run.Divergences.Take(ShownDivergences))}\nRerun with PACK_RANDREJECT_SEED={seed} PACK_RANDREJECT_COUNT={count}.");

        // Teeth: every rule the generator can break refused, and near misses accepted.
        Assert.True(run.Ids.Count >= 10 && run.Accepted >= count / 10 && run.Refused >= count / 2, summary);
    }

    /// <summary>Compiles the cases (plain, and with one context per case through the generator) and compares the verdicts.</summary>
    internal static void RunCases(IReadOnlyList<RejectionCase> cases, string ns, Run run)
    {
        int assembly = Interlocked.Increment(ref s_assemblies);
        var plain = new StringBuilder(Header(ns));
        foreach (var c in cases)
        {
            plain.Append(c.Declarations);
        }

        // One context per case, so each reports its own rule (a context reports a type once).
        var generated = new StringBuilder(plain.ToString());
        var contextLines = new List<(int First, int Last)>();
        for (int i = 0; i < cases.Count; i++)
        {
            int first = generated.ToString().Count(ch => ch == '\n');
            generated.Append(CultureInfo.InvariantCulture, $"[PackSerializable(typeof({cases[i].RootCSharp}))]\npublic partial class Ctx{i} : PackSerializerContext;\n\n");
            contextLines.Add((first, first + 1));
        }

        if (Environment.GetEnvironmentVariable("PACK_RANDREJECT_DUMP") is { Length: > 0 } dump)
        {
            Directory.CreateDirectory(dump);
            File.WriteAllText(Path.Combine(dump, ns + ".cs"), generated.ToString());
        }

        var compileClock = Stopwatch.StartNew();
        var runtimeAssembly = ContractCompiler.CompileAndLoad($"RandomRejectionsRuntime{assembly}", plain.ToString(), generate: false);
        var (diagnostics, errors) = ContractCompiler.Generate($"RandomRejectionsGenerated{assembly}", generated.ToString());
        run.CompileTime += compileClock.Elapsed;

        var byCase = cases.Select(_ => new List<Diagnostic>()).ToList();
        var errorsByCase = cases.Select(_ => new List<Diagnostic>()).ToList();
        foreach (var diagnostic in diagnostics)
        {
            int line = diagnostic.Location.GetLineSpan().StartLinePosition.Line;
            int index = contextLines.FindIndex(l => line >= l.First && line <= l.Last);
            if (index < 0)
            {
                run.Diverge("generator: a diagnostic outside every context", $"  {diagnostic}");
                continue;
            }

            byCase[index].Add(diagnostic);
        }

        foreach (var error in errors)
        {
            string file = Path.GetFileName(error.Location.SourceTree?.FilePath ?? "");
            int index = Enumerable.Range(0, cases.Count).FirstOrDefault(i => file.Contains($".Ctx{i}.", StringComparison.Ordinal), -1);
            if (index < 0)
            {
                run.Diverge("generated code: an error outside every context's file", $"  {error}");
                continue;
            }

            errorsByCase[index].Add(error);
        }

        for (int i = 0; i < cases.Count; i++)
        {
            Compare(cases[i], cases[i].RootType(runtimeAssembly, ns), () => cases[i].Witness(runtimeAssembly, ns), byCase[i], errorsByCase[i], run);
        }
    }

    private static string Header(string ns)
        => $"#nullable enable\nusing System;\nusing System.Collections.Generic;\nusing System.Collections.Immutable;\nusing Pack;\n\nnamespace {ns};\n\n";

    private static void Compare(RejectionCase c, Type root, Func<object?> witness, List<Diagnostic> diagnostics, List<Diagnostic> errors, Run run)
    {
        run.Cases++;
        string? schemaMessage = RunTime(() => PackSchema.For(root), out string? schemaCrash);
        string? formatterMessage = RunTime(
            () =>
            {
                byte[] bytes = PackSerializer.Serialize(witness(), root);
                PackSerializer.Deserialize(bytes, root);
            },
            out string? formatterCrash);
        if (schemaCrash is not null || formatterCrash is not null)
        {
            run.Diverge("run time: an exception other than NotSupportedException", $"  {c}\n    schema    {schemaCrash}\n    formatter {formatterCrash}\n{Numbered(c.Declarations)}");
            return;
        }

        if (schemaMessage != formatterMessage)
        {
            run.Diverge("run time: PackSchema.For and the formatters disagree", $"  {c}\n    schema    {schemaMessage ?? "accepted"}\n    formatter {formatterMessage ?? "accepted"}\n{Numbered(c.Declarations)}");
            return;
        }

        var reported = diagnostics.Where(d => d.Id.StartsWith("PACK", StringComparison.Ordinal)).ToList();
        string generator = reported.Count == 0 ? "accepted" : string.Join("\n              ", reported.Select(d => $"{d.Id} ({d.Severity}): {d.GetMessage(CultureInfo.InvariantCulture)}"));
        string Detail() => $"  {c}\n    run time  {formatterMessage ?? "accepted"}\n    generator {generator}\n{Numbered(c.Declarations)}";
        if (formatterMessage is null)
        {
            if (reported.Count > 0)
            {
                run.Diverge($"run time accepts, the generator reports {string.Join(", ", reported.Select(d => d.Id).Distinct())}", Detail());
            }
            else if (errors.Count > 0)
            {
                run.Diverge("both accept, the generated code does not compile", $"{Detail()}\n    errors    {string.Join("\n              ", errors.Take(5))}");
            }
            else if (c.ExpectedId is not null)
            {
                run.Diverge($"both accept a contract breaking {c.ExpectedId}", Detail());
            }
            else
            {
                run.Accepted++;
            }

            return;
        }

        string id = formatterMessage.Split(':')[0];
        if (reported.Count != 1 || reported[0].Severity != DiagnosticSeverity.Error || reported[0].Id != id)
        {
            run.Diverge($"run time refuses with {id}, the generator {(reported.Count == 0 ? "accepts" : "reports " + string.Join(", ", reported.Select(d => d.Id)))}", Detail());
            return;
        }

        // The same words; for a rule about a value's type, the generator says where the value is and the run time "A value".
        string message = id + ": " + reported[0].GetMessage(CultureInfo.InvariantCulture) + ".";
        bool same = id is "PACK003" or "PACK004" or "PACK005"
            ? formatterMessage.StartsWith(id + ": A value ", StringComparison.Ordinal) && message.EndsWith(formatterMessage[(id.Length + ": A value".Length)..], StringComparison.Ordinal)
                && message.Length > formatterMessage.Length - "A value".Length
            : message == formatterMessage;
        if (!same)
        {
            run.Diverge($"{id}: the run time's words and the generator's differ", Detail());
            return;
        }

        if (id != c.ExpectedId)
        {
            run.Diverge($"both refuse with {id}, the case breaks {c.ExpectedId ?? "no rule"}", Detail());
            return;
        }

        run.Refused++;
        run.Ids[id] = run.Ids.GetValueOrDefault(id) + 1;
    }

    /// <summary>The run-time path's verdict: null when it accepts, the message of its NotSupportedException, or (in <paramref name="crash"/>) any other exception.</summary>
    private static string? RunTime(Action action, out string? crash)
    {
        crash = null;
        try
        {
            action();
            return null;
        }
        catch (NotSupportedException e)
        {
            return e.Message;
        }
        catch (Exception e)
        {
            crash = e.ToString().Length > 1500 ? e.ToString()[..1500] : e.ToString();
            return null;
        }
    }

    private static string Numbered(string source) => string.Join('\n', source.TrimEnd('\n').Split('\n').Select(line => "      | " + line));

    /// <summary>What a run counted, and its divergences.</summary>
    internal sealed class Run
    {
        public int Cases { get; set; }

        public int Refused { get; set; }

        public int Accepted { get; set; }

        public SortedDictionary<string, int> Ids { get; } = new(StringComparer.Ordinal);

        public TimeSpan CompileTime { get; set; }

        public List<string> Divergences { get; } = [];

        public Dictionary<string, int> Groups { get; } = new(StringComparer.Ordinal);

        public void Diverge(string group, string detail)
        {
            Groups[group] = Groups.GetValueOrDefault(group) + 1;
            Divergences.Add(detail);
        }
    }
}
