using System.Text.Json;

namespace Pack.Benchmarks.Peers;

/// <summary>The System.Text.Json settings every benchmark shares.</summary>
public static class JsonPeer
{
    /// <summary>
    /// Reflection-based defaults, cached once as STJ recommends. <see cref="JsonSerializerOptions.IncludeFields"/> is on
    /// because <c>PacketHeader</c> and <c>Vector3</c> are structs with public fields, which STJ skips by default.
    /// </summary>
    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.General) { IncludeFields = true };
}
