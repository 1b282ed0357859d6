using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using MemoryPack;
using Pack.Benchmarks.Peers;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// G2: the first round trip (serialize, then deserialize) of a workload type in a fresh process: Pack through the
/// formatters it generates at run time (IL) against those generated at compile time (<see cref="BenchmarkPackContext"/>),
/// with MemoryPack (compile-time generated) as the anchor and System.Text.Json (reflection) for context. The baseline is
/// the IL path. Steady-state speed of the same paths is G1's (<see cref="GeneratedVsIlBenchmark{T, TContract}"/>).
/// </summary>
/// <remarks>
/// <para>
/// Each sample is one process: <see cref="FirstUseJobAttribute"/> makes the job a cold start with one invocation and
/// no jitting or warmup stage, so the timed call is the first call of the benchmark method; the launch count is the
/// number of samples (<c>--launchCount 20</c>). The global setup builds the value (and MemoryPack's copy), loads the
/// serializer and does what an application does at start-up (registering the context, for the generated variant), but
/// never serializes the measured type: its formatter is created inside the timed call. The timed call therefore includes
/// what the first request carrying that type pays: finding the members, emitting IL or instantiating the generated
/// formatter, and JIT-compiling the serializer's generic code for the type. The benchmark method itself is compiled in the
/// setup (<see cref="RuntimeHelpers.PrepareMethod(RuntimeMethodHandle, RuntimeTypeHandle[])"/>); BenchmarkDotNet's own
/// call into it is compiled on first use, a small constant in every row.
/// </para>
/// <para>
/// <see cref="AfterOtherType"/> = <see langword="false"/>: the measured type is the serializer's first in the process
/// (its one-time costs included). <see langword="true"/>: the setup first round-trips an unrelated type
/// (<see cref="FirstUseWarmUp"/>) through the same serializer and path, so the figure is the measured type's own cost.
/// </para>
/// <para>
/// Checks after the timed call (<see cref="VerifyFirstUse"/>): the first iteration invoked the method exactly once, the
/// value round-tripped, and the generated variant's context covers the type. That no jitting, pilot or warmup iteration
/// runs before it is the ColdStart strategy's contract (BenchmarkDotNet 0.15.8: <c>EngineFactory.CreateReadyToRun</c>
/// jits only for Throughput, <c>EngineStage.EnumerateStages</c> yields only the actual stage for ColdStart); the log
/// shows it, with <c>WorkloadActual 1</c> as the only workload line of each process. MemoryDiagnoser's allocation figure comes from a
/// second, untimed call (steady state), so its columns are hidden; BenchmarkDotNet still prints it in the header when
/// every row has the same value. The payload column does not apply to a round trip and is hidden too.
/// </para>
/// </remarks>
/// <typeparam name="T">The workload type.</typeparam>
/// <typeparam name="TContract">MemoryPack's attributed copy of it.</typeparam>
[FirstUseJob]
[MedianColumn, MinColumn, MaxColumn]
[HideColumns(Column.Allocated, Column.AllocRatio, Column.Gen0, Column.Gen1, Column.Gen2, "Payload")]
public abstract class FirstUseBenchmark<T, TContract>
{
    private readonly ArrayBufferWriter<byte> buffer = new(1024 * 1024);
    private Utf8JsonWriter? jsonWriter;
    private T value = default!;
    private TContract contract = default!;
    private T? decoded;
    private TContract? decodedContract;
    private string measured = "";
    private int invocations;
    private bool verified;

    /// <summary>Whether the process round-tripped an unrelated type through the same serializer and path first.</summary>
    [Params(false, true)]
    public bool AfterOtherType { get; set; }

    /// <summary>Pack through the formatters generated at run time (IL).</summary>
    [Benchmark(Baseline = true)]
    public T? RoundTripIl()
    {
        invocations++;
        buffer.ResetWrittenCount();
        PackSerializer.Serialize(buffer, value);
        return decoded = PackSerializer.Deserialize<T>(buffer.WrittenSpan);
    }

    /// <summary>Pack through the formatters generated at compile time.</summary>
    [Benchmark]
    public T? RoundTripGenerated()
    {
        invocations++;
        buffer.ResetWrittenCount();
        PackSerializer.Serialize(buffer, value);
        return decoded = PackSerializer.Deserialize<T>(buffer.WrittenSpan);
    }

    /// <summary>MemoryPack (generated at compile time).</summary>
    [Benchmark]
    public TContract? RoundTripMemoryPack()
    {
        invocations++;
        buffer.ResetWrittenCount();
        MemoryPackSerializer.Serialize(buffer, contract);
        return decodedContract = MemoryPackSerializer.Deserialize<TContract>(buffer.WrittenSpan);
    }

    /// <summary>System.Text.Json (reflection, the options every benchmark shares).</summary>
    [Benchmark]
    public T? RoundTripJson()
    {
        invocations++;
        buffer.ResetWrittenCount();
        jsonWriter!.Reset(buffer);
        JsonSerializer.Serialize(jsonWriter, value, JsonPeer.Options);
        return decoded = JsonSerializer.Deserialize<T>(buffer.WrittenSpan, JsonPeer.Options);
    }

    /// <summary>Leaves the process on the run-time path: loads Pack, registers nothing.</summary>
    [GlobalSetup(Target = nameof(RoundTripIl))]
    public void SetupIl()
    {
        Prepare(nameof(RoundTripIl));
        RuntimeHelpers.RunClassConstructor(typeof(PackSerializer).TypeHandle);
        if (AfterOtherType)
        {
            WarmUpPack();
        }
    }

    /// <summary>Registers the generated context, as an application does at start-up.</summary>
    [GlobalSetup(Target = nameof(RoundTripGenerated))]
    public void SetupGenerated()
    {
        Prepare(nameof(RoundTripGenerated));
        PackSerializer.AddResolver(BenchmarkPackContext.Default);
        if (AfterOtherType)
        {
            PackSerializer.AddResolver(FirstUseWarmUpPackContext.Default);
            WarmUpPack();
        }
    }

    /// <summary>Loads MemoryPack.</summary>
    [GlobalSetup(Target = nameof(RoundTripMemoryPack))]
    public void SetupMemoryPack()
    {
        Prepare(nameof(RoundTripMemoryPack));
        RuntimeHelpers.RunClassConstructor(typeof(MemoryPackSerializer).TypeHandle);
        if (AfterOtherType)
        {
            var warmUp = FirstUseWarmUp.Create();
            buffer.ResetWrittenCount();
            MemoryPackSerializer.Serialize(buffer, new FirstUseWarmUpContract { Id = warmUp.Id, Name = warmUp.Name });
            CheckWarmUp(MemoryPackSerializer.Deserialize<FirstUseWarmUpContract>(buffer.WrittenSpan) is { } back && back.Name == warmUp.Name);
        }
    }

    /// <summary>Loads System.Text.Json and creates the writer over the buffer.</summary>
    [GlobalSetup(Target = nameof(RoundTripJson))]
    public void SetupJson()
    {
        Prepare(nameof(RoundTripJson));
        jsonWriter = new Utf8JsonWriter(buffer);
        _ = JsonPeer.Options;
        if (AfterOtherType)
        {
            var warmUp = FirstUseWarmUp.Create();
            buffer.ResetWrittenCount();
            jsonWriter.Reset(buffer);
            JsonSerializer.Serialize(jsonWriter, warmUp, JsonPeer.Options);
            CheckWarmUp(JsonSerializer.Deserialize<FirstUseWarmUp>(buffer.WrittenSpan, JsonPeer.Options) is { } back && back.Name == warmUp.Name);
        }
    }

    /// <summary>
    /// After the first iteration (BenchmarkDotNet calls it again after MemoryDiagnoser's extra one): that iteration invoked
    /// the method once, the value round-tripped, and the generated variant's context covers the type.
    /// </summary>
    [IterationCleanup]
    public void VerifyFirstUse()
    {
        if (verified)
        {
            return;
        }

        verified = true;
        if (invocations != 1)
        {
            throw new InvalidOperationException($"{measured} ran {invocations} times in its first iteration: the timed call was not a single first use.");
        }

        var expected = JsonSerializer.Serialize<object?>(measured == nameof(RoundTripMemoryPack) ? contract : value, JsonPeer.Options);
        var actual = JsonSerializer.Serialize<object?>(measured == nameof(RoundTripMemoryPack) ? decodedContract : decoded, JsonPeer.Options);
        if (expected != actual)
        {
            throw new InvalidOperationException($"{measured} did not round-trip the {typeof(T).Name} payload.");
        }

        if (measured == nameof(RoundTripGenerated) && BenchmarkPackContext.Default.GetFormatter<T>() is null)
        {
            throw new InvalidOperationException($"{typeof(T)} is missing from {nameof(BenchmarkPackContext)}: Pack used run-time code.");
        }
    }

    /// <summary>Disposes the JSON writer.</summary>
    [GlobalCleanup]
    public void Cleanup() => jsonWriter?.Dispose();

    /// <summary>Creates the payload.</summary>
    protected abstract T CreateValue();

    /// <summary>Copies the payload into MemoryPack's contract.</summary>
    protected abstract TContract ToContract(T value);

    private static void CheckWarmUp(bool roundTripped)
    {
        if (!roundTripped)
        {
            throw new InvalidOperationException($"The {nameof(FirstUseWarmUp)} round trip failed.");
        }
    }

    private void Prepare(string benchmark)
    {
        FirstUseProcess.Claim($"{benchmark} of {typeof(T).Name} (AfterOtherType = {AfterOtherType})");
        measured = benchmark;
        value = CreateValue();
        contract = ToContract(value);

        // Compiles the benchmark method (not what it calls), so the timed call does not pay for compiling the harness.
        var method = typeof(FirstUseBenchmark<T, TContract>).GetMethod(benchmark)!;
        RuntimeHelpers.PrepareMethod(method.MethodHandle, [typeof(T).TypeHandle, typeof(TContract).TypeHandle]);
    }

    private void WarmUpPack()
    {
        var warmUp = FirstUseWarmUp.Create();
        buffer.ResetWrittenCount();
        PackSerializer.Serialize(buffer, warmUp);
        CheckWarmUp(PackSerializer.Deserialize<FirstUseWarmUp>(buffer.WrittenSpan) is { } back && back.Name == warmUp.Name);
    }
}
