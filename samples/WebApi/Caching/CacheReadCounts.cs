using System.Diagnostics.Metrics;
using System.Globalization;
using Pack.Caching;

namespace Pack.Samples.WebApi.Caching;

/// <summary>
/// This process's count of Pack cache entries read and refused, by type, taken from the <c>Pack.Caching</c> meter
/// (docs/caching.md §5) with a <see cref="MeterListener"/>. The shipment endpoint served from the shared cache names
/// them in every answer (<see cref="Contracts.ShipmentContract.CacheReadsHeader"/>), so the rolling-upgrade client can
/// count, per replica, what the replica read from the cache the replicas share: entries of its own contract, entries of
/// another contract it accepted, and entries it refused and refilled.
/// </summary>
public sealed class CacheReadCounts : IDisposable
{
    private readonly MeterListener listener = new();
    private readonly Lock gate = new();
    private readonly Dictionary<string, long[]> counts = new(StringComparer.Ordinal);

    /// <summary>Identifies this process in the header, so that a client can tell a restarted replica's counts from its earlier ones.</summary>
    private readonly string instance = Guid.NewGuid().ToString("N")[..8];

    private static readonly System.Collections.ObjectModel.ReadOnlyCollection<string> Outcomes = Contracts.ShipmentContract.CacheReadOutcomes;

    public CacheReadCounts()
    {
        listener.InstrumentPublished = (instrument, subscriber) =>
        {
            if (instrument.Meter.Name == PackCacheMeter.Name && instrument.Name is PackCacheMeter.Hits or PackCacheMeter.Misses)
            {
                subscriber.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>(OnMeasurement);
        listener.Start();
    }

    /// <summary>The counts for the type named <paramref name="typeName"/>, as the header carries them: <c>instance=…; direct=N; compatible=N; incompatible=N; unknown=N; corrupt=N</c>.</summary>
    public string Describe(string typeName)
    {
        long[] snapshot = new long[Outcomes.Count];
        lock (gate)
        {
            if (counts.TryGetValue(typeName, out long[]? values))
            {
                values.CopyTo(snapshot, 0);
            }
        }

        var text = new System.Text.StringBuilder("instance=").Append(instance);
        for (var i = 0; i < Outcomes.Count; i++)
        {
            text.Append("; ").Append(Outcomes[i]).Append('=').Append(snapshot[i].ToString(CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }

    /// <inheritdoc/>
    public void Dispose() => listener.Dispose();

    private void OnMeasurement(Instrument instrument, long value, ReadOnlySpan<KeyValuePair<string, object?>> tags, object? state)
    {
        string? type = null;
        var column = -1;
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            if (tag.Key == PackCacheMeter.TypeTag)
            {
                type = tag.Value as string;
            }
            else if (tag.Key is PackCacheMeter.ReadTag or PackCacheMeter.ReasonTag)
            {
                column = tag.Value is string outcome ? Outcomes.IndexOf(outcome) : -1;
            }
        }

        if (type is null || column < 0)
        {
            return;
        }

        lock (gate)
        {
            if (!counts.TryGetValue(type, out long[]? values))
            {
                counts[type] = values = new long[Outcomes.Count];
            }

            values[column] += value;
        }
    }
}
