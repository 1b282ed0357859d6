using ProtoBuf;

namespace Pack.Benchmarks.Http.Grpc;

/// <summary>H6_Upload100k's answer for protobuf-net.Grpc: the members read and the sum of their values.</summary>
[ProtoContract]
public sealed class UploadSummaryContract
{
    /// <summary>The members read.</summary>
    [ProtoMember(1)]
    public int Count { get; set; }

    /// <summary>The sum of their values, added in arrival order.</summary>
    [ProtoMember(2)]
    public double Sum { get; set; }
}
