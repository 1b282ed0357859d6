using System.Buffers;
using System.Diagnostics;
using System.Reflection;
using Pack.Streaming;
using Pack.Tests.Models;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// The codec targets of the coverage-guided fuzzer (<c>fuzz/Pack.Fuzz</c>, driven by AFL++ through SharpFuzz) and of
/// the corpus replay in <c>dotnet test</c>: one table, one set of invariants, so a saved input means the same thing in
/// both. An input's first byte selects the decoded type (modulo the table size); the rest is the payload.
/// </summary>
/// <remarks>
/// Invariants checked for every input: only <see cref="PackException"/> escapes (stream frames: also
/// <see cref="PackStreamException"/>, the producer's error frame); the span and the 1-byte-segment sequence readers agree
/// (both reject, or both decode to values that serialize to the same bytes); bytes allocated on the decoding thread stay
/// within <see cref="AllocationMultiple"/> x input length + <see cref="AllocationConstant"/>; the decode takes at most
/// <see cref="TimeConstant"/> + <see cref="TimePerByte"/> x input length. A violation throws
/// <see cref="InvalidOperationException"/>, which SharpFuzz reports to AFL++ as a crash.
/// </remarks>
public static class CoverageTargets
{
    /// <summary>The allocation multiple k of the bound k x n + c (issue 10 asks for k &lt;= 16).</summary>
    public const long AllocationMultiple = 16;

    /// <summary>The constant c of the allocation bound: the codec budget's allowance, one budget-check interval, a rejected read's bookkeeping (as <c>FuzzRunner</c>).</summary>
    public const long AllocationConstant = PackSerializerOptions.AllocationAllowance + (192 * 1024);

    /// <summary>The fixed part of the time bound; generous, for a loaded shared machine and GC pauses.</summary>
    public static readonly TimeSpan TimeConstant = TimeSpan.FromSeconds(1);

    /// <summary>The per-byte part of the time bound (1 µs per byte: 1 s per MB on top of the constant).</summary>
    public static readonly TimeSpan TimePerByte = TimeSpan.FromTicks(10);

    /// <summary>The target names, as the harness and the corpus folders spell them.</summary>
    public static IReadOnlyList<string> Names { get; } = ["span", "sequence", "stream"];

    /// <summary>The decoded types: W2-W6 shapes, unions, nested collections, dictionaries, sets, nullable structs.</summary>
    public static IReadOnlyList<Type> Types { get; } =
    [
        typeof(CgdPrimitives),
        typeof(CgdStrings),
        typeof(int[]),
        typeof(string[]),
        typeof(Dictionary<string, List<int>>),
        typeof(Organization),
        typeof(Vector3[]),
        typeof(SmallObject),
        typeof(Shape),
        typeof(Shape[]),
        typeof(List<Dictionary<string, int[][]>>),
        typeof(Holder<Dictionary<int, List<Shape>>>),
        typeof(AllPrimitives),
        typeof(Point?[]),
        typeof(decimal?[]),
        typeof(HashSet<Guid>),
        typeof(HashSet<long>),
        typeof(Dictionary<long, Point?>),
        typeof(List<AllPrimitives>),
        typeof(Person),
    ];

    /// <summary>Valid values for each entry of <see cref="Types"/>, in the same order: the seeds of the corpus.</summary>
    public static IReadOnlyList<object> SeedValues { get; } =
    [
        new CgdPrimitives { A = -5, B = 200, C = -300, D = 60000, E = -70000, F = 4_000_000_000, G = long.MinValue, H = ulong.MaxValue, I = 1.5f, J = -2.25 },
        new CgdStrings { S1 = "hello", S2 = string.Empty, S3 = null, S4 = "héllo wörld", S5 = "こんにちは世界", S6 = "😀 emoji 🎉", S7 = "测试", S8 = new string('ø', 300) },
        new[] { 1, -1, int.MaxValue, 0 },
        new[] { "a", null, "测试", string.Empty },
        new Dictionary<string, List<int>> { ["one"] = [1], ["two"] = [2, 3], ["none"] = [] },
        Organization.Create(3),
        new[] { new Vector3 { X = 1, Y = 2, Z = 3 }, new Vector3 { X = -1 } },
        new SmallObject { A = 1, B = 2, C = 3, S1 = "s1", S2 = null },
        new Circle { Label = "c", Radius = 2 },
        new Shape[] { new Circle { Label = "c", Radius = 1 }, new Square { Label = null, Side = 3 } },
        new List<Dictionary<string, int[][]>> { new() { ["k"] = [[1, 2], []] }, new() },
        new Holder<Dictionary<int, List<Shape>>> { Value = new() { [1] = [new Square { Label = "s", Side = 1 }], [2] = [] } },
        new AllPrimitives { Decimal = 1.25m, Guid = new Guid(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), NullableInt = 5, NullablePoint = new Point(1, 2) },
        new Point?[] { new Point(1, 2), null, new Point(-1, 0) },
        new decimal?[] { 1.5m, null, decimal.MaxValue },
        new HashSet<Guid> { Guid.Empty, new Guid(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) },
        new HashSet<long> { 1, -1, long.MaxValue },
        new Dictionary<long, Point?> { [1] = new Point(1, 1), [2] = null },
        new List<AllPrimitives> { new() { NullablePoint = new Point(3, 4) }, new() },
        new Person("Ada", 36, ["x", null!]),
    ];

    private static readonly MethodInfo DrainMethod = typeof(CoverageTargets).GetMethod(nameof(Drain), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static readonly Func<Stream, int>[] Drains = [.. Types.Select(type => DrainMethod.MakeGenericMethod(type).CreateDelegate<Func<Stream, int>>())];

    /// <summary>The decoded type an input selects.</summary>
    /// <param name="input">The whole fuzz input.</param>
    /// <returns>The type, or <see langword="null"/> for an empty input.</returns>
    public static Type? SelectType(ReadOnlySpan<byte> input) => input.IsEmpty ? null : Types[input[0] % Types.Count];

    /// <summary>A seed input of a target: the selector byte, then a valid payload (or valid stream frames).</summary>
    /// <param name="target">A name from <see cref="Names"/>.</param>
    /// <param name="index">An index into <see cref="Types"/>.</param>
    /// <returns>The seed's bytes.</returns>
    public static byte[] Seed(string target, int index)
    {
        var type = Types[index];
        var value = SeedValues[index];
        byte[] payload;
        if (target == "stream")
        {
            var writer = new ArrayBufferWriter<byte>();
            PackStream.WriteItem(writer, value, type);
            PackStream.WriteItem(writer, value, type);
            PackStream.WriteEnd(writer);
            payload = writer.WrittenSpan.ToArray();
        }
        else
        {
            payload = PackSerializer.Serialize(value, type);
        }

        return [(byte)index, .. payload];
    }

    /// <summary>Runs one input through a target and checks the invariants.</summary>
    /// <param name="target">A name from <see cref="Names"/>.</param>
    /// <param name="input">The whole fuzz input (selector byte and payload).</param>
    /// <returns>What the run measured.</returns>
    /// <exception cref="InvalidOperationException">An invariant did not hold.</exception>
    public static CoverageRun Run(string target, byte[] input)
    {
        ArgumentNullException.ThrowIfNull(input);
        var type = SelectType(input);
        if (type is null)
        {
            return default;
        }

        int index = input[0] % Types.Count;
        WarmUp(target, index);
        var payload = new ReadOnlyMemory<byte>(input, 1, input.Length - 1);
        var sequence = target == "sequence" ? OneByteSegments(payload) : default;
        long before = GC.GetAllocatedBytesForCurrentThread();
        long started = Stopwatch.GetTimestamp();
        bool decoded = target switch
        {
            "span" => Guard(() => PackSerializer.Deserialize(payload.Span, type)),
            "sequence" => Guard(() => PackSerializer.Deserialize(sequence, type)),
            "stream" => GuardStream(index, payload),
            _ => throw new ArgumentException($"Unknown target '{target}'; expected one of {string.Join(", ", Names)}.", nameof(target)),
        };
        var elapsed = Stopwatch.GetElapsedTime(started);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        long codec = allocated;
        if (codec > (AllocationMultiple * input.Length) + AllocationConstant)
        {
            throw new InvalidOperationException(
                $"{target}/{type}: decoding {input.Length} bytes allocated {codec} bytes ({(double)codec / input.Length:F1} x), over {AllocationMultiple} x n + {AllocationConstant}");
        }

        if (elapsed > TimeConstant + (TimePerByte * input.Length))
        {
            throw new InvalidOperationException($"{target}/{type}: decoding {input.Length} bytes took {elapsed.TotalMilliseconds:F0} ms");
        }

        if (target == "sequence")
        {
            CheckAgreement(type, payload);
        }

        return new CoverageRun(type, input.Length, codec, elapsed, decoded);
    }

    /// <summary>
    /// Decodes the type's seed once per target before anything is measured: building the type's contract, filling the
    /// formatter cache and JIT are paid once per process, not per input, and would otherwise count against the first one.
    /// </summary>
    private static void WarmUp(string target, int index)
    {
        var done = Warm.GetOrAdd(target, _ => new bool[Types.Count]);
        if (done[index])
        {
            return;
        }

        done[index] = true;
        var seed = Seed(target, index);
        var payload = new ReadOnlyMemory<byte>(seed, 1, seed.Length - 1);
        _ = target == "stream" ? GuardStream(index, payload) : Guard(() => PackSerializer.Deserialize(OneByteSegments(payload), Types[index]))
            && Guard(() => PackSerializer.Deserialize(payload.Span, Types[index]));
        _ = PackSerializer.Serialize(SeedValues[index], Types[index]);
    }

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, bool[]> Warm = new(StringComparer.Ordinal);

    private static bool Guard(Func<object?> decode)
    {
        try
        {
            _ = decode();
            return true;
        }
        catch (PackException)
        {
            return false;
        }
    }

    private static bool GuardStream(int index, ReadOnlyMemory<byte> payload)
    {
        using var stream = new MemoryStream(payload.ToArray(), writable: false);
        try
        {
            _ = Drains[index](stream);
            return true;
        }
        catch (PackException)
        {
            return false;
        }
        catch (PackStreamException)
        {
            return false;
        }
    }

    private static int Drain<T>(Stream stream)
    {
        int items = 0;
        var enumerator = PackStream.ReadAsync<T>(stream).GetAsyncEnumerator();
        try
        {
            while (enumerator.MoveNextAsync().AsTask().GetAwaiter().GetResult())
            {
                items++;
            }
        }
        finally
        {
            enumerator.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }

        return items;
    }

    private static void CheckAgreement(Type type, ReadOnlyMemory<byte> payload)
    {
        object? fromSpan = null;
        object? fromSequence = null;
        string? spanError = null;
        string? sequenceError = null;
        try
        {
            fromSpan = PackSerializer.Deserialize(payload.Span, type);
        }
        catch (PackException exception)
        {
            spanError = exception.Message;
        }

        try
        {
            fromSequence = PackSerializer.Deserialize(OneByteSegments(payload), type);
        }
        catch (PackException exception)
        {
            sequenceError = exception.Message;
        }

        if ((spanError is null) != (sequenceError is null))
        {
            throw new InvalidOperationException($"sequence/{type}: span and 1-byte sequence disagree: span {spanError ?? "decoded"}, sequence {sequenceError ?? "decoded"}");
        }

        if (spanError is null && !PackSerializer.Serialize(fromSpan, type).AsSpan().SequenceEqual(PackSerializer.Serialize(fromSequence, type)))
        {
            throw new InvalidOperationException($"sequence/{type}: span and 1-byte sequence decoded different values");
        }
    }

    /// <summary>The payload as a sequence of 1-byte segments, the worst case for the sequence reader.</summary>
    /// <param name="payload">The bytes.</param>
    /// <returns>The sequence.</returns>
    public static ReadOnlySequence<byte> OneByteSegments(ReadOnlyMemory<byte> payload)
    {
        if (payload.Length < 2)
        {
            return new ReadOnlySequence<byte>(payload);
        }

        var first = new Segment(payload[..1], 0);
        var last = first;
        for (int i = 1; i < payload.Length; i++)
        {
            last = last.Append(payload.Slice(i, 1));
        }

        return new ReadOnlySequence<byte>(first, 0, last, 1);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
