using System.Globalization;

namespace Pack.Samples.Demo.Rolling;

/// <summary>Counts the rolling-upgrade client's calls by replica, version and format, and when each replica answered.</summary>
/// <param name="startedAt">When the run started, to print the timeline in UTC too (to line up with a deployment's log).</param>
internal sealed class RollingTally(DateTimeOffset startedAt)
{
    /// <summary>A replica that has not answered for this long starts a new segment of the timeline.</summary>
    private static readonly TimeSpan Gap = TimeSpan.FromSeconds(1);

    private readonly Lock gate = new();
    private readonly SortedDictionary<(string Replica, int Version, string Request, string Response), int> counts = [];
    private readonly Dictionary<string, List<Segment>> timeline = new(StringComparer.Ordinal);
    private readonly List<string> errors = [];

    public int Calls { get; private set; }

    public int Failed { get; private set; }

    public void Add(RollingOutcome outcome)
    {
        lock (gate)
        {
            Calls++;
            if (outcome.Error is not null)
            {
                Failed++;
                if (errors.Count < 20)
                {
                    errors.Add(string.Create(CultureInfo.InvariantCulture, $"{outcome.At.TotalSeconds,6:F1} s  {outcome.Call.Method} {outcome.Call.RequestFormat}->{outcome.Call.ResponseFormat} via {outcome.Replica ?? "?"}: {outcome.Error}"));
                }

                return;
            }

            var key = (outcome.Replica!, outcome.Version, outcome.Call.RequestFormat, outcome.Call.ResponseFormat);
            counts[key] = counts.GetValueOrDefault(key) + 1;

            if (!timeline.TryGetValue(outcome.Replica!, out List<Segment>? segments))
            {
                timeline[outcome.Replica!] = segments = [];
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
    }

    /// <summary>The contract versions that answered at least once.</summary>
    public IReadOnlySet<int> Versions()
    {
        lock (gate)
        {
            var versions = new SortedSet<int>();
            foreach ((_, int version, _, _) in counts.Keys)
            {
                versions.Add(version);
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
            output.WriteLine("By replica, contract version and format:");
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
                output.WriteLine($"Failures (first {errors.Count} of {Failed}):");
                foreach (string error in errors)
                {
                    output.WriteLine("  " + error);
                }
            }
        }
    }

    private sealed record Segment(int Version, TimeSpan From, TimeSpan To, int Calls);
}
