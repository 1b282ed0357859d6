using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>The W1-W6 workload types, with formatters generated at compile time for G1.</summary>
[PackSerializable(typeof(PacketHeader))]
[PackSerializable(typeof(MixedPrimitives))]
[PackSerializable(typeof(CgdPrimitives))]
[PackSerializable(typeof(Organization))]
[PackSerializable(typeof(Vector3[]))]
[PackSerializable(typeof(SmallObject))]
public partial class BenchmarkPackContext : PackSerializerContext;
