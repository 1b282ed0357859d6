using ProtoBuf;

namespace Pack.Benchmarks.Peers.Contracts;

/// <summary>The empty request of the protobuf-net.Grpc code-first HTTP peer.</summary>
[ProtoContract]
public sealed class EmptyContract
{
}
