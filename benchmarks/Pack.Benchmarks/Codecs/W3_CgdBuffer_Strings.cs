using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3 (seed 003) payload 2: eight string fields holding the seed's Unicode strings.</summary>
public class W3_CgdBuffer_Strings : CodecBenchmark<CgdStrings, CgdStringsContract, CgdStringsContract>
{
    /// <inheritdoc/>
    protected override CgdStrings CreateValue() => WorkloadData.CgdStrings();

    /// <inheritdoc/>
    protected override CgdStringsContract ToContract(CgdStrings value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override CgdStringsContract ToProto(CgdStrings value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, CgdStrings value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override CgdStrings ReadBinary(BinaryReader reader) => BinaryCodec.ReadCgdStrings(reader);
}
