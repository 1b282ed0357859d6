using BenchmarkDotNet.Attributes;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Security;

/// <summary>
/// Decoding sets and dictionaries whose keys an attacker chose to collide under .NET's default hash codes (longs
/// <c>x | x &lt;&lt; 32</c> all hash to 0; Guids whose first two ints are equal hash to 0) against random keys, with
/// Pack's collision-resistant comparers (the default) and with the default comparers (<c>UseCollisionResistantHashing = false</c>).
/// Goal: colliding / random &lt;= 2x with the default options. Also the normal-case cost on W3's map and a W4-sized HashSet&lt;Guid&gt;.
/// </summary>
public class HashFlooding
{
    private static readonly PackSerializerOptions Trusted = new() { UseCollisionResistantHashing = false };

    private byte[] _longs = [];
    private byte[] _guids = [];
    private byte[] _dictionary = [];
    private byte[] _map = [];
    private byte[] _guidSet1000 = [];

    /// <summary>How the keys were chosen.</summary>
    [Params("random", "colliding")]
    public string Keys { get; set; } = "random";

    /// <summary>Whether the read uses Pack's collision-resistant comparers (the default) or the default comparers.</summary>
    [Params(true, false)]
    public bool Resistant { get; set; }

    /// <summary>Builds the payloads: 16,384 keys each (128 KiB of longs, 256 KiB of Guids).</summary>
    [GlobalSetup]
    public void Setup()
    {
        const int count = 16_384;
        var random = new Random(42);
        var longs = new HashSet<long>();
        var guids = new HashSet<Guid>();
        var dictionary = new Dictionary<long, int>();
        Span<byte> bytes = stackalloc byte[16];
        for (long i = 1; longs.Count < count; i++)
        {
            long key = Keys == "colliding" ? i | (i << 32) : random.NextInt64();
            longs.Add(key);
            dictionary[key] = (int)i;
            if (Keys == "colliding")
            {
                bytes.Clear();
                BitConverter.TryWriteBytes(bytes, (int)i);
                BitConverter.TryWriteBytes(bytes[4..], (int)i);
            }
            else
            {
                random.NextBytes(bytes);
            }

            guids.Add(new Guid(bytes));
        }

        _longs = PackSerializer.Serialize(longs);
        _guids = PackSerializer.Serialize(guids);
        _dictionary = PackSerializer.Serialize(dictionary);
        _map = PackSerializer.Serialize(WorkloadData.CgdMap());
        var guidSet = new HashSet<Guid>();
        for (int i = 0; i < 1_000; i++)
        {
            random.NextBytes(bytes);
            guidSet.Add(new Guid(bytes));
        }

        _guidSet1000 = PackSerializer.Serialize(guidSet);
    }

    private PackSerializerOptions? Options => Resistant ? null : Trusted;

    /// <summary>HashSet&lt;long&gt; of 16,384 keys.</summary>
    [Benchmark]
    public int HashSetOfLong() => PackSerializer.Deserialize<HashSet<long>>(_longs, Options)!.Count;

    /// <summary>HashSet&lt;Guid&gt; of 16,384 keys.</summary>
    [Benchmark]
    public int HashSetOfGuid() => PackSerializer.Deserialize<HashSet<Guid>>(_guids, Options)!.Count;

    /// <summary>Dictionary&lt;long, int&gt; of 16,384 keys.</summary>
    [Benchmark]
    public int DictionaryOfLong() => PackSerializer.Deserialize<Dictionary<long, int>>(_dictionary, Options)!.Count;

    /// <summary>W3's Dictionary&lt;string, List&lt;int&gt;&gt; (string keys: .NET's own randomized hashing either way).</summary>
    [Benchmark]
    public int W3Map() => PackSerializer.Deserialize<Dictionary<string, List<int>>>(_map, Options)!.Count;

    /// <summary>A HashSet&lt;Guid&gt; of 1,000 random keys (W4's size), the normal case.</summary>
    [Benchmark]
    public int GuidSetOf1000() => PackSerializer.Deserialize<HashSet<Guid>>(_guidSet1000, Options)!.Count;
}
