using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Codecs;

/// <summary>
/// W5: 10,000 unmanaged <see cref="Vector3"/>s. The <c>MemoryCopy</c> benchmarks copy the same 120,000 bytes with
/// <see cref="Buffer.MemoryCopy(void*, void*, long, long)"/>, the physical floor: Pack's time divided by theirs is
/// Pack as a fraction of memcpy.
/// </summary>
public class W5_Vector3Array : CodecBenchmark<Vector3[], Vector3Contract[], Vector3ArrayContract>
{
    private static readonly int ByteCount = WorkloadData.Vector3Count * Unsafe.SizeOf<Vector3>();
    private readonly byte[] copyTarget = new byte[ByteCount];

    /// <summary>The serialize floor: the array's bytes copied into a reused buffer.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public unsafe int SerializeMemoryCopy()
    {
        fixed (Vector3* source = Value)
        fixed (byte* destination = copyTarget)
        {
            Buffer.MemoryCopy(source, destination, ByteCount, ByteCount);
        }

        return ByteCount;
    }

    /// <summary>The deserialize floor: a new array, its bytes copied in.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public unsafe Vector3[] DeserializeMemoryCopy()
    {
        var result = GC.AllocateUninitializedArray<Vector3>(WorkloadData.Vector3Count);
        fixed (byte* source = copyTarget)
        fixed (Vector3* destination = result)
        {
            Buffer.MemoryCopy(source, destination, ByteCount, ByteCount);
        }

        return result;
    }

    /// <inheritdoc/>
    public override int? GetPayloadSize(string benchmarkMethod) =>
        benchmarkMethod.EndsWith("MemoryCopy", StringComparison.Ordinal) ? ByteCount : base.GetPayloadSize(benchmarkMethod);

    /// <inheritdoc/>
    protected override Vector3[] CreateValue() => WorkloadData.Vector3Array();

    /// <inheritdoc/>
    protected override Vector3Contract[] ToContract(Vector3[] value) => ContractMapper.ToContract(value);

    /// <inheritdoc/>
    protected override Vector3ArrayContract ToProto(Vector3[] value) => new() { Items = ContractMapper.ToContract(value) };

    /// <inheritdoc/>
    protected override object? FromProto(Vector3ArrayContract value) => value.Items;

    /// <inheritdoc/>
    protected override void WriteBinary(BinaryWriter writer, Vector3[] value) => BinaryCodec.Write(writer, value);

    /// <inheritdoc/>
    protected override Vector3[] ReadBinary(BinaryReader reader) => BinaryCodec.ReadVector3Array(reader);
}
