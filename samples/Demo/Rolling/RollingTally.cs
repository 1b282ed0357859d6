using System.Globalization;

namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// Counts the rolling-upgrade client's calls by deployment step and how they ended (ok, refused, misread, failed), the
/// intact ones by replica, version and format, and when each replica answered; keeps the first refusal of each side
/// with its violations.
/// </summary>
/// <param name="startedAt">When the run started, to print the timeline in UTC too (to line up with a deployment's log).</param>
internal sealed class RollingTally(DateTimeOffset startedAt)
{
    /// <summary>The step of a call that no answer named (the proxy names it in every answer it forwards).</summary>
    public const string UnknownStep = "(none)";

    /// <summary>How a refusal by the server starts its detail (a refusal by the client starts otherwise).</summary>
    public const string ServerRefusalPrefix = "server:";

    /// <summary>A replica that has not answered for this long starts a new segment of the timeline.</summary>
    private static readonly TimeSpan Gap = TimeSpan.FromSeconds(1);

    private readonly Lock gate = new();
    private readonly SortedDictionary<(string Replica, int Version, string Request, string Response), int> counts = [];
    private readonly Dictionary<string, List<Segment>> timeline = new(StringComparer.Ordinal);
    private readonly List<string> errors = [];
    private readonly List<string> stepOrder = [];
    private readonly Dictionary<string, RollingStepCounts> steps = new(StringComparer.Ordinal);
    private RollingOutcome? firstClientRefusal;
    private readonly RollingStepCounts total = new();
    private RollingOutcome? firstServerRefusal;

    public int Calls => total.Calls;

    public int Ok => total.Ok;

    public int Refused => total.Refused;

    public int Misread => total.Misread;

    public int Failed => total.Failed;

    public void Add(RollingOutcome outcome)
    {
        lock (gate)
        {
            string step = outcome.Step ?? UnknownStep;
            if (!steps.TryGetValue(step, out RollingStepCounts? stepCounts))
            {
                steps[step] = stepCounts = new RollingStepCounts();
                stepOrder.Add(step);
            }

            bool byServer = outcome.Result == RollingResult.Refused && outcome.Detail?.StartsWith(ServerRefusalPrefix, StringComparison.Ordinal) == true;
            stepCounts.Add(outcome, byServer);
            total.Add(outcome, byServer);
            if (outcome.Result == RollingResult.Refused)
            {
                if (byServer)
                {
                    firstServerRefusal ??= outcome;
                }
                else
                {
                    firstClientRefusal ??= outcome;
                }

                // A refusal is an answer: the replica was there and said no (with its contract version, when it named it).
                if (outcome.Version > 0)
                {
                    AddToTimeline(outcome);
                }

                return;
            }

            if (outcome.Result != RollingResult.Ok)
            {
                if (errors.Count < 20)
                {
                    errors.Add(string.Create(CultureInfo.InvariantCulture, $"{outcome.At.TotalSeconds,6:F1} s  {outcome.Call.Method} {outcome.Call.RequestFormat}->{outcome.Call.ResponseFormat} via {outcome.Replica ?? "?"} ({step}): {outcome.Result}: {outcome.Detail}"));
                }

                return;
            }

            var key = (outcome.Replica!, outcome.Version, outcome.Call.RequestFormat, outcome.Call.ResponseFormat);
            counts[key] = counts.GetValueOrDefault(key) + 1;
            AddToTimeline(outcome);
        }
    }

    /// <summary>The counts of <paramref name="step"/>, or null when no call was counted in it.</summary>
    public RollingStepCounts? Step(string step)
    {
        lock (gate)
        {
            return steps.GetValueOrDefault(step);
        }
    }

    /// <summary>The steps calls were counted in, in the order they were first seen.</summary>
    public IReadOnlyList<string> Steps()
    {
        lock (gate)
        {
            return [.. stepOrder];
        }
    }

    private void AddToTimeline(RollingOutcome outcome)
    {
        string replica = outcome.Replica ?? "?";
        if (!timeline.TryGetValue(replica, out List<Segment>? segments))
        {
            timeline[replica] = segments = [];
        }

        if (segments.Count > 0 && segments[^1] is { } last && last.Version == outcome.Version && outcome.At - last.To <= Gap)
        {
            segments[^1] = last with { To = outcome.At, Calls = last.Calls + 1 };
        }
        else
        {
            segments.Add(new Segment(outcome.Version, outcome.At, outcome.At, 1));
        }
    }

    /// <summary>The contract versions that answered at least once (with a value or a refusal).</summary>
    public IReadOnlySet<int> Versions()
    {
        lock (gate)
        {
            var versions = new SortedSet<int>();
            foreach (List<Segment> segments in timeline.Values)
            {
                foreach (Segment segment in segments)
                {
                    versions.Add(segment.Version);
                }
            }

            return versions;
        }
    }

    /// <summary>The replicas that answered at least once.</summary>
    public int Replicas()
    {
        lock (gate)
        {
            return timeline.Count;
        }
    }

    /// <summary>The formats that answered at least once (json, pack).</summary>
    public int ResponseFormats()
    {
        lock (gate)
        {
            var formats = new HashSet<string>(StringComparer.Ordinal);
            foreach ((_, _, _, string response) in counts.Keys)
            {
                formats.Add(response);
            }

            return formats.Count;
        }
    }

    public void Write(TextWriter output)
    {
        lock (gate)
        {
            output.WriteLine("By deployment step (as the proxy named it in its answers):");
            output.WriteLine("  step             calls      ok  refused  misread   failed");
            foreach (string step in stepOrder)
            {
                RollingStepCounts c = steps[step];
                output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {step,-14}  {c.Calls,6}  {c.Ok,6}  {c.Refused,7}  {c.Misread,7}  {c.Failed,7}"));
            }

            WriteRefusal(output, "by the client (PackSchemaMismatchException: a Pack response not read)", firstClientRefusal, total.RefusedByClient);
            WriteRefusal(output, "by a server (409 problem+json: a Pack request body not read)", firstServerRefusal, total.RefusedByServer);
            output.WriteLine("Intact answers by replica, contract version and format:");
            output.WriteLine("  replica  contract  request  response  calls");
            foreach (((string replica, int version, string request, string response), int count) in counts)
            {
                output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {replica,-7}  v{version,-7}  {request,-7}  {response,-8}  {count,5}"));
            }

            output.WriteLine($"Timeline (a replica silent for more than {Gap.TotalSeconds:F0} s, or answering with another version, starts a new line):");
            foreach ((string replica, List<Segment> segments) in timeline.OrderBy(pair => pair.Key, StringComparer.Ordinal))
            {
                foreach (Segment segment in segments)
                {
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {replica,-7}  v{segment.Version}  {segment.From.TotalSeconds,6:F1} s to {segment.To.TotalSeconds,6:F1} s  ({startedAt + segment.From:HH:mm:ss.f} to {startedAt + segment.To:HH:mm:ss.f} UTC)  {segment.Calls,5} calls"));
                }
            }

            if (errors.Count > 0)
            {
                output.WriteLine($"Misread or failed (first {errors.Count} of {Misread + Failed}):");
                foreach (string error in errors)
                {
                    output.WriteLine("  " + error);
                }
            }
        }
    }

    private static void WriteRefusal(TextWriter output, string who, RollingOutcome? first, int count)
    {
        if (first is null)
        {
            return;
        }

        output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Refused {who}: {count} calls. The first, at {first.At.TotalSeconds:F1} s, {first.Call.Method} {first.Call.RequestFormat}->{first.Call.ResponseFormat} via {first.Replica ?? "?"} {(first.Version > 0 ? $"v{first.Version}" : "(version not named)")} ({first.Step ?? UnknownStep}):"));
        string detail = first.Detail ?? "";
        if (detail.StartsWith(ServerRefusalPrefix, StringComparison.Ordinal))
        {
            detail = detail[ServerRefusalPrefix.Length..].TrimStart();
        }

        foreach (string line in detail.Split('\n'))
        {
            output.WriteLine("    " + line);
        }
    }

    private sealed record Segment(int Version, TimeSpan From, TimeSpan To, int Calls);
}
