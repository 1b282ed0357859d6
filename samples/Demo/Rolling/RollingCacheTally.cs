using System.Globalization;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// The calls served from the cache the replicas share (<c>GET /api/shipments/{id}/cached</c>), by replica: how the client
/// found each answer, and what the replica says it read from the cache (its <c>X-Cache-Reads</c> header: cumulative
/// counts per process, so the latest of each process is kept and a replica's processes are added up).
/// </summary>
internal sealed class RollingCacheTally
{
    /// <summary>The counts in <c>X-Cache-Reads</c>, in order.</summary>
    private static readonly System.Collections.ObjectModel.ReadOnlyCollection<string> Outcomes = ShipmentContract.CacheReadOutcomes;

    private const int Compatible = 1;
    private const int Incompatible = 2;
    private const int Corrupt = 4;

    private readonly Lock gate = new();
    private readonly SortedDictionary<string, Replica> replicas = new(StringComparer.Ordinal);

    /// <summary>Counts one cached call that <paramref name="replica"/> answered (or that failed before a replica was named).</summary>
    /// <param name="replica">The replica that answered, or null.</param>
    /// <param name="version">Its contract version, or 0.</param>
    /// <param name="reads">Its <c>X-Cache-Reads</c> header, or null.</param>
    /// <param name="result">How the call ended.</param>
    /// <param name="olderEntry">Whether the value was intact as an older contract wrote it (the members it lacks at their defaults).</param>
    /// <returns>Null, or why <paramref name="reads"/> is not a valid header.</returns>
    public string? Add(string? replica, int version, string? reads, RollingResult result, bool olderEntry)
    {
        long[]? counts = null;
        string? instance = null;
        string? problem = reads is null ? null : TryParse(reads, out instance, out counts);
        lock (gate)
        {
            string name = replica ?? "?";
            if (!replicas.TryGetValue(name, out Replica? entry))
            {
                replicas[name] = entry = new Replica();
            }

            entry.Calls++;
            if (version > 0)
            {
                entry.Versions.Add(version);
            }

            switch (result)
            {
                case RollingResult.Ok when olderEntry:
                    entry.OlderEntries++;
                    entry.Ok++;
                    break;
                case RollingResult.Ok:
                    entry.Ok++;
                    break;
                case RollingResult.Refused:
                    entry.Refused++;
                    break;
                case RollingResult.Misread:
                    entry.Misread++;
                    break;
                default:
                    entry.Failed++;
                    break;
            }

            if (instance is not null && counts is not null)
            {
                if (!entry.Processes.TryGetValue(instance, out long[]? latest))
                {
                    entry.Processes[instance] = latest = new long[Outcomes.Count];
                }

                // Counts only grow within a process; answers can arrive out of order, so the largest seen is the latest.
                for (var i = 0; i < latest.Length; i++)
                {
                    latest[i] = Math.Max(latest[i], counts[i]);
                }
            }
        }

        return problem;
    }

    /// <summary>The cached calls counted.</summary>
    public int Calls
    {
        get
        {
            lock (gate)
            {
                var calls = 0;
                foreach (Replica replica in replicas.Values)
                {
                    calls += replica.Calls;
                }

                return calls;
            }
        }
    }

    /// <summary>What the replicas read from the cache, added up: entries of another contract read, entries refused as incompatible, corrupt entries.</summary>
    public (long Compatible, long Incompatible, long Corrupt) Reads()
    {
        lock (gate)
        {
            (long compatible, long incompatible, long corrupt) = (0, 0, 0);
            foreach (Replica replica in replicas.Values)
            {
                compatible += replica.Total(Compatible);
                incompatible += replica.Total(Incompatible);
                corrupt += replica.Total(Corrupt);
            }

            return (compatible, incompatible, corrupt);
        }
    }

    /// <summary>The entries the replicas of <paramref name="version"/> refused as incompatible.</summary>
    public long IncompatibleReadsByVersion(int version)
    {
        lock (gate)
        {
            long refused = 0;
            foreach (Replica replica in replicas.Values)
            {
                if (replica.Versions.Contains(version))
                {
                    refused += replica.Total(Incompatible);
                }
            }

            return refused;
        }
    }

    public void Write(TextWriter output)
    {
        lock (gate)
        {
            output.WriteLine("Shared cache by replica (GET /api/shipments/{id}/cached; read = what the replica says it read from the cache, X-Cache-Reads):");
            output.WriteLine("  replica  versions  calls     ok  older  refused  misread  failed  | read: direct  compatible  incompatible  unknown  corrupt");
            foreach ((string name, Replica replica) in replicas)
            {
                output.WriteLine(string.Create(
                    CultureInfo.InvariantCulture,
                    $"  {name,-7}  {string.Join(",", replica.Versions),-8}  {replica.Calls,5}  {replica.Ok,5}  {replica.OlderEntries,5}  {replica.Refused,7}  {replica.Misread,7}  {replica.Failed,6}  |       {replica.Total(0),6}  {replica.Total(1),10}  {replica.Total(2),12}  {replica.Total(3),7}  {replica.Total(4),7}"));
            }

            output.WriteLine("  (older: a version-2 replica answered with an entry a version-1 replica wrote, TrackingUrl absent, as docs/caching.md §3 reads it;");
            output.WriteLine("   refused: Pack answers the client refused by their Pack-Schema; incompatible: entries the replica refused and refilled, never misread.)");
        }
    }

    /// <summary>Parses <c>instance=…; direct=N; compatible=N; incompatible=N; unknown=N; corrupt=N</c>; null when valid, else why not.</summary>
    private static string? TryParse(string header, out string? instance, out long[]? counts)
    {
        instance = null;
        counts = new long[Outcomes.Count];
        var seen = 0;
        foreach (string part in header.Split(';', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            int equals = part.IndexOf('=', StringComparison.Ordinal);
            string key = equals < 0 ? part : part[..equals];
            string value = equals < 0 ? "" : part[(equals + 1)..];
            if (key == "instance" && value.Length > 0)
            {
                instance = value;
                continue;
            }

            int column = Outcomes.IndexOf(key);
            if (column < 0 || !long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out counts[column]))
            {
                counts = null;
                return $"X-Cache-Reads '{header}': '{part}' is not one of instance, {string.Join(", ", Outcomes)} with a count";
            }

            seen |= 1 << column;
        }

        if (instance is null || seen != (1 << Outcomes.Count) - 1)
        {
            counts = null;
            return $"X-Cache-Reads '{header}' does not name the instance and every count";
        }

        return null;
    }

    private sealed class Replica
    {
        public int Calls { get; set; }

        public int Ok { get; set; }

        public int OlderEntries { get; set; }

        public int Refused { get; set; }

        public int Misread { get; set; }

        public int Failed { get; set; }

        public SortedSet<int> Versions { get; } = [];

        /// <summary>The latest counts of each process (instance) of this replica.</summary>
        public Dictionary<string, long[]> Processes { get; } = new(StringComparer.Ordinal);

        public long Total(int column)
        {
            long total = 0;
            foreach (long[] counts in Processes.Values)
            {
                total += counts[column];
            }

            return total;
        }
    }
}
