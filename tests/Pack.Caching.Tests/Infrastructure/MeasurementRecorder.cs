using System.Collections.Concurrent;
using System.Diagnostics.Metrics;

namespace Pack.Caching.Tests;

/// <summary>Listens to one meter's counters and sums their measurements by instrument and tag.</summary>
internal sealed class MeasurementRecorder : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<(string Instrument, long Value, KeyValuePair<string, object?>[] Tags)> _measurements = new();

    public MeasurementRecorder(string meterName)
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == meterName)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => _measurements.Enqueue((instrument.Name, value, tags.ToArray())));
        _listener.Start();
    }

    public long Sum(string instrument, string tag, string value) =>
        _measurements.Where(m => m.Instrument == instrument && m.Tags.Any(t => t.Key == tag && Equals(t.Value, value))).Sum(m => m.Value);

    public void Dispose() => _listener.Dispose();
}
