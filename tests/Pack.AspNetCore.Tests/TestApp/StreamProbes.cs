using System.Collections.Concurrent;

namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>Lets a test steer a streaming action and observe it, keyed by a per-test id passed in the query string.</summary>
public sealed class StreamProbes
{
    private readonly ConcurrentDictionary<string, StreamProbe> _probes = new();

    public StreamProbe Get(string id) => _probes.GetOrAdd(id, _ => new StreamProbe());
}
