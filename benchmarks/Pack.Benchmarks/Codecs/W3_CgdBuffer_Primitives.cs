using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3 (seed 003) payload 1: the ten primitives of the CGD.buffer benchmark.</summary>
public class W3_CgdBuffer_Primitives : CodecBenchmark<CgdPrimitives, CgdPrimitivesContract, CgdPrimitivesContract>
{
    /// <inheritdoc/>
    protected override CgdPrimitives CreateValue() => WorkloadData.CgdPrimitives();

    /// <inheritdoc/>
    protected override CgdPrimitivesContract ToContract(CgdPrimitives value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override CgdPrimitivesContract ToProto(CgdPrimitives value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, CgdPrimitives value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override CgdPrimitives ReadBinary(BinaryReader reader) => BinaryCodec.ReadCgdPrimitives(reader);
}
