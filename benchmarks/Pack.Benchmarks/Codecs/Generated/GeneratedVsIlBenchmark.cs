using BenchmarkDotNet.Attributes;
using MemoryPack;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// G1: Pack's source-generated formatters against its run-time (IL) ones, with MemoryPack (whose generator is the anchor)
/// alongside. The baseline is the IL path: the question these tables answer is whether generated code is at least as fast.
/// </summary>
/// <remarks>
/// Formatters are cached per type for the life of the process, so the two Pack variants differ only in what the process
/// registered before first use: the <c>Generated</c> benchmarks register <see cref="BenchmarkPackContext"/> in their
/// global setup, the <c>Il</c> ones do not. BenchmarkDotNet runs every benchmark in its own process (the default
/// toolchain), which keeps them apart; an in-process toolchain would mix them, and the IL setup refuses to run then.
/// </remarks>
/// <typeparam name="T">The workload type.</typeparam>
/// <typeparam name="TContract">MemoryPack's attributed copy of it.</typeparam>
public abstract class GeneratedVsIlBenchmark<T, TContract> : CodecBenchmarkBase
{
    private static bool generatedRegistered;

    private byte[] packPayload = [];
    private byte[] memoryPackPayload = [];

    /// <summary>The payload.</summary>
    protected T Value { get; private set; } = default!;

    /// <summary>The payload as MemoryPack's contract.</summary>
    protected TContract Contract { get; private set; } = default!;

    /// <summary>Pack through the formatters generated at run time (IL).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Serialize)]
    public int SerializeIl() => WritePack(Value);

    /// <summary>Pack through the formatters generated at compile time.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeGenerated() => WritePack(Value);

    /// <summary>MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Serialize)]
    public int SerializeMemoryPack() => WriteMemoryPack(Contract);

    /// <summary>Pack through the formatters generated at run time (IL).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializeIl() => PackSerializer.Deserialize<T>(packPayload);

    /// <summary>Pack through the formatters generated at compile time.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public T? DeserializeGenerated() => PackSerializer.Deserialize<T>(packPayload);

    /// <summary>MemoryPack.</summary>
    [Benchmark, BenchmarkCategory(Categories.Deserialize)]
    public TContract? DeserializeMemoryPack() => MemoryPackSerializer.Deserialize<TContract>(memoryPackPayload);

    /// <summary>Leaves the process on the run-time path and prepares the Pack payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeIl), nameof(DeserializeIl)])]
    public void SetupIl()
    {
        if (generatedRegistered)
        {
            throw new InvalidOperationException("G1 needs one process per benchmark: this process already registered the generated context.");
        }

        SetupPack();
    }

    /// <summary>Registers the generated context before Pack's first use in this process and prepares the Pack payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeGenerated), nameof(DeserializeGenerated)])]
    public void SetupGenerated()
    {
        PackSerializer.AddResolver(BenchmarkPackContext.Default);
        generatedRegistered = true;
        if (BenchmarkPackContext.Default.GetFormatter<T>() is null && !typeof(T).IsValueType)
        {
            throw new InvalidOperationException($"{typeof(T)} is missing from {nameof(BenchmarkPackContext)}.");
        }

        SetupPack();
    }

    /// <summary>Prepares the MemoryPack payload.</summary>
    [GlobalSetup(Targets = [nameof(SerializeMemoryPack), nameof(DeserializeMemoryPack)])]
    public void SetupMemoryPack()
    {
        Prepare();
        SerializeMemoryPack();
        memoryPackPayload = Encode(CodecPeer.MemoryPack);
        _ = DeserializeMemoryPack() ?? throw new InvalidOperationException("MemoryPack did not round-trip the payload.");
    }

    /// <inheritdoc/>
    public override int? GetPayloadSize(string benchmarkMethod) => null;

    /// <summary>Creates the payload.</summary>
    protected abstract T CreateValue();

    /// <summary>Copies the payload into MemoryPack's contract.</summary>
    protected abstract TContract ToContract(T value);

    /// <inheritdoc/>
    protected override void Prepare()
    {
        Value = CreateValue();
        Contract = ToContract(Value);
    }

    /// <inheritdoc/>
    protected override void Serialize(CodecPeer peer)
        => _ = peer == CodecPeer.MemoryPack ? SerializeMemoryPack() : WritePack(Value);

    private void SetupPack()
    {
        Prepare();
        packPayload = Encode(CodecPeer.Pack);
        var decoded = DeserializeIl();
        if (!packPayload.AsSpan().SequenceEqual(PackSerializer.Serialize(decoded)))
        {
            throw new InvalidOperationException($"Pack did not round-trip the {typeof(T).Name} payload.");
        }
    }
}
