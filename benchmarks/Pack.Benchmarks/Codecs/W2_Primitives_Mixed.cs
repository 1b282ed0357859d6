using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W2 (seed 002): the 14 mixed primitives, each equal to 1, serialized into a buffer writer reused between operations. Target: 0 bytes allocated per serialize.</summary>
public class W2_Primitives_Mixed : CodecBenchmark<MixedPrimitives, MixedPrimitivesContract, MixedPrimitivesContract>
{
    /// <inheritdoc/>
    protected override MixedPrimitives CreateValue() => WorkloadData.MixedPrimitives();

    /// <inheritdoc/>
    protected override MixedPrimitivesContract ToContract(MixedPrimitives value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override MixedPrimitivesContract ToProto(MixedPrimitives value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, MixedPrimitives value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override MixedPrimitives ReadBinary(BinaryReader reader) => BinaryCodec.ReadMixedPrimitives(reader);
}
