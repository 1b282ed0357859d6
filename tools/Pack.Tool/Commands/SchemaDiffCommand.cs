using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tool.Loading;

namespace Pack.Tool.Commands;

/// <summary>
/// <c>pack schema diff &lt;old&gt; &lt;new&gt;</c>: the violations of docs/schema.md §3 in both directions (old readers of
/// new payloads, new readers of old payloads) for every type both sides have. Exit 0 compatible, 1 violations.
/// </summary>
internal static class SchemaDiffCommand
{
    private const string OldReadsNew = "old readers, new payloads";
    private const string NewReadsOld = "new readers, old payloads";

    public static async Task<int> RunAsync(CommandLine line, TextWriter output)
    {
        line.Only("--type", "--format");
        if (line.Positional.Count != 2)
        {
            throw new UsageException("schema diff takes two schemas: <old> <new> (schema files, URLs, assemblies or projects)");
        }

        string format = line.One("--format") ?? "text";
        if (format is not ("text" or "json" or "github"))
        {
            throw new UsageException($"--format is text, json or github, not '{format}'");
        }

        var types = line.All("--type");
        var old = await SchemaSources.LoadAsync(line.Positional[0], types, http: null).ConfigureAwait(false);
        var @new = await SchemaSources.LoadAsync(line.Positional[1], types, http: null).ConfigureAwait(false);
        var findings = new List<Finding>();
        var notes = new List<string>();
        var pairs = Pair(old, @new, types, notes);
        foreach (var (label, before, after) in pairs)
        {
            foreach (var violation in PackSchema.CheckCompatibility(before, after))
            {
                findings.Add(new Finding(label, [OldReadsNew], violation));
            }

            // A violation both checks report (rule ID and path) breaks both directions of the rollout and is listed
            // once, with both: an i32 retyped to i64 breaks old readers of new payloads and new readers of old ones.
            foreach (var violation in PackSchema.CheckCompatibility(after, before))
            {
                if (findings.Find(f => f.Type == label && f.Violation.RuleId == violation.RuleId && f.Violation.Path == violation.Path) is { } both)
                {
                    both.Directions.Add(NewReadsOld);
                }
                else
                {
                    findings.Add(new Finding(label, [NewReadsOld], violation));
                }
            }
        }

        switch (format)
        {
            case "json":
                await WriteJsonAsync(output, pairs, findings, notes).ConfigureAwait(false);
                break;
            case "github":
                foreach (var finding in findings)
                {
                    await output.WriteLineAsync($"::error title=Pack schema {finding.Violation.RuleId}::{finding.Type} {finding.Violation.Path}: {finding.Violation.Message} ({string.Join("; ", finding.Directions)})").ConfigureAwait(false);
                }

                foreach (string note in notes)
                {
                    await output.WriteLineAsync($"::warning title=Pack schema::{note}").ConfigureAwait(false);
                }

                break;
            default:
                await WriteTextAsync(output, pairs, findings, notes).ConfigureAwait(false);
                break;
        }

        return findings.Count == 0 ? ExitCodes.Success : ExitCodes.Findings;
    }

    private static List<(string Label, PackSchema Old, PackSchema New)> Pair(PackSchemaSet old, PackSchemaSet @new, IReadOnlyList<string> types, List<string> notes)
    {
        var pairs = new List<(string, PackSchema, PackSchema)>();
        if (old.Schemas.Count == 1 && @new.Schemas.Count == 1)
        {
            // One type on each side: compare them whatever their names (a renamed or moved type is still the same contract).
            pairs.Add((@new.Schemas[0].Label, old.Schemas[0], @new.Schemas[0]));
            return pairs;
        }

        foreach (var before in old.Schemas)
        {
            if (types.Count > 0 && !types.Contains(before.Label) && !types.Contains(before.Root.ShortName ?? string.Empty))
            {
                continue;
            }

            var after = @new.Schemas.FirstOrDefault(s => s.Label == before.Label);
            if (after is null)
            {
                notes.Add($"{before.Label} is only in the old schema (removed or renamed): not compared");
                continue;
            }

            pairs.Add((before.Label, before, after));
        }

        foreach (var after in @new.Schemas)
        {
            if (!old.Schemas.Any(s => s.Label == after.Label) && (types.Count == 0 || types.Contains(after.Label)))
            {
                notes.Add($"{after.Label} is new: nothing to compare");
            }
        }

        return pairs;
    }

    private static async Task WriteTextAsync(TextWriter output, List<(string Label, PackSchema Old, PackSchema New)> pairs, List<Finding> findings, List<string> notes)
    {
        foreach (var (label, before, after) in pairs)
        {
            var own = findings.Where(f => f.Type == label).ToList();
            string mark = own.Count == 0 ? "✓" : "✗";
            string change = before.WireFingerprint == after.WireFingerprint ? $"wire {after.WireFingerprint} (unchanged)" : $"wire {before.WireFingerprint} → {after.WireFingerprint}";
            string verdict = own.Count == 0 ? before.ContractFingerprint == after.ContractFingerprint ? "identical" : "compatible" : $"{own.Count} violation{(own.Count == 1 ? string.Empty : "s")}";
            await output.WriteLineAsync($"{mark} {label}  {change}  {verdict}").ConfigureAwait(false);
            int ruleWidth = own.Count == 0 ? 0 : own.Max(f => f.Violation.RuleId.Length);
            int pathWidth = own.Count == 0 ? 0 : own.Max(f => f.Violation.Path.Length);
            foreach (var finding in own)
            {
                await output.WriteLineAsync($"    {finding.Violation.RuleId.PadRight(ruleWidth)}  {finding.Violation.Path.PadRight(pathWidth)}  {finding.Violation.Message}  [{string.Join("; ", finding.Directions)}]").ConfigureAwait(false);
            }
        }

        foreach (string note in notes)
        {
            await output.WriteLineAsync($"· {note}").ConfigureAwait(false);
        }

        int broken = findings.Select(f => f.Type).Distinct().Count();
        await output.WriteLineAsync(findings.Count == 0
            ? $"compatible: {pairs.Count} type{(pairs.Count == 1 ? string.Empty : "s")} compared, no violations"
            : $"incompatible: {findings.Count} violation{(findings.Count == 1 ? string.Empty : "s")} in {broken} of {pairs.Count} type{(pairs.Count == 1 ? string.Empty : "s")} (rules: docs/schema.md §3)").ConfigureAwait(false);
    }

    private static async Task WriteJsonAsync(TextWriter output, List<(string Label, PackSchema Old, PackSchema New)> pairs, List<Finding> findings, List<string> notes)
    {
        var types = new JsonArray();
        foreach (var (label, before, after) in pairs)
        {
            types.Add((JsonNode)new JsonObject { ["type"] = label, ["oldWire"] = before.WireFingerprint, ["newWire"] = after.WireFingerprint });
        }

        var violations = new JsonArray();
        foreach (var finding in findings)
        {
            var directions = new JsonArray();
            foreach (string direction in finding.Directions)
            {
                directions.Add((JsonNode)JsonValue.Create(direction == OldReadsNew ? "old-reads-new" : "new-reads-old"));
            }

            violations.Add((JsonNode)new JsonObject
            {
                ["type"] = finding.Type,
                ["rule"] = finding.Violation.RuleId,
                ["path"] = finding.Violation.Path,
                ["direction"] = directions[0]!.DeepClone(),
                ["directions"] = directions,
                ["message"] = finding.Violation.Message,
            });
        }

        var notesJson = new JsonArray();
        foreach (string note in notes)
        {
            notesJson.Add((JsonNode)JsonValue.Create(note));
        }

        var document = new JsonObject { ["compatible"] = findings.Count == 0, ["types"] = types, ["violations"] = violations, ["notes"] = notesJson };
        await output.WriteLineAsync(document.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping })).ConfigureAwait(false);
    }

    /// <summary>A violation of one type and every direction of the rollout that breaks (<see cref="OldReadsNew"/>, <see cref="NewReadsOld"/>).</summary>
    private sealed record Finding(string Type, List<string> Directions, PackSchemaViolation Violation);
}
