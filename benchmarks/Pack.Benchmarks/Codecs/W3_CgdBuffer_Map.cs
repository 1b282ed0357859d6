using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>W3 (seed 003) payload 5: <c>Dictionary&lt;string, List&lt;int&gt;&gt;</c> of six entries.</summary>
public class W3_CgdBuffer_Map : CodecBenchmark<Dictionary<string, List<int>>, Dictionary<string, List<int>>, CgdMapContract>
{
    /// <inheritdoc/>
    protected override Dictionary<string, List<int>> CreateValue() => WorkloadData.CgdMap();

    /// <inheritdoc/>
    protected override Dictionary<string, List<int>> ToContract(Dictionary<string, List<int>> value) => WorkloadData.CgdMap();

    /// <inheritdoc/>
    protected override CgdMapContract ToProto(Dictionary<string, List<int>> value) => ContractMapper.ToProto(value);

    /// <inheritdoc/>
    protected override object? FromProto(CgdMapContract value) => ContractMapper.FromProto(value);

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, Dictionary<string, List<int>> value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override Dictionary<string, List<int>> ReadBinary(BinaryReader reader) => BinaryCodec.ReadCgdMap(reader);
}
