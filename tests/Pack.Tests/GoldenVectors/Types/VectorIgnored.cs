using System.Runtime.Serialization;
using System.Text.Json.Serialization;

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Members left out by attributes, and one that <c>[JsonIgnore(Condition = WhenWritingNull)]</c> does not leave out.</summary>
public sealed class VectorIgnored
{
    public byte Kept { get; set; }

    [PackIgnore]
    public byte PackIgnored { get; set; }

    [JsonIgnore]
    public byte JsonIgnored { get; set; }

    [IgnoreDataMember]
    public byte DataIgnored { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? KeptToo { get; set; }

    internal byte NotPublic { get; set; }
}
