using System.Collections.Concurrent;
using System.Diagnostics.Metrics;

namespace Pack.AspNetCore.Tests.Operations;

/// <summary>Records every measurement of one meter from one <see cref="IMeterFactory"/> (so parallel tests' hosts do not mix).</summary>
public sealed class MeasurementRecorder : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<Recorded> _measurements = new();

    public MeasurementRecorder(IMeterFactory scope, string meterName)
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == meterName && ReferenceEquals(instrument.Meter.Scope, scope))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.Start();
    }

    public IReadOnlyList<Recorded> Get(string instrument, params (string Key, object? Value)[] tags) =>
        _measurements.Where(m => m.Instrument == instrument && tags.All(t => Equals(m.Tags.GetValueOrDefault(t.Key), t.Value))).ToList();

    /// <summary>Server-side recordings happen after the response is sent, so a test waits for them rather than racing them.</summary>
    public async Task<IReadOnlyList<Recorded>> WaitAsync(string instrument, int count, params (string Key, object? Value)[] tags)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(10);
        while (true)
        {
            var found = Get(instrument, tags);
            if (found.Count >= count || DateTime.UtcNow > deadline)
            {
                return found;
            }

            await Task.Delay(20);
        }
    }

    public void Dispose() => _listener.Dispose();

    private void Add(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        var copy = new Dictionary<string, object?>();
        foreach (var tag in tags)
        {
            copy[tag.Key] = tag.Value;
        }

        _measurements.Enqueue(new Recorded(instrument.Name, instrument.Unit, value, copy));
    }

    public sealed record Recorded(string Instrument, string? Unit, double Value, IReadOnlyDictionary<string, object?> Tags);
}
