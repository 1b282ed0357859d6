using System.Runtime.Serialization;

namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A [DataContract] type: only [DataMember] members, public or not.</summary>
[DataContract]
public sealed class VectorDataContract
{
    [DataMember]
    public int Included { get; set; }

    public int NotAMember { get; set; }

    [DataMember]
    internal short Internal { get; set; }
}
