using System.Buffers;
using System.Globalization;
using Pack.Formatters;

namespace Pack.ContractTests.Randomized;

/// <summary>A <see cref="RandomCase"/> of values of <typeparamref name="T"/>, written and read through the formatter the process resolves.</summary>
public sealed class RandomCaseOf<T> : RandomCase
{
    /// <summary>Payloads up to this length are truncated at every byte; longer ones at a sample of positions.</summary>
    private const int EveryByteUpTo = 96;

    private const int Corruptions = 6;

    private readonly Func<ContractRandom, T?> _value;

    public RandomCaseOf(string name, Func<ContractRandom, T?> value)
        : base(name)
        => _value = value;

    public override ContractCase AsContractCase() => new ContractCaseOf<T>(Name, () => default);

    public override IReadOnlyList<string> Observe(int seed, int count)
    {
        var lines = new List<string>();
        for (int index = 0; index < count; index++)
        {
            int valueSeed = ValueSeed(seed, index);
            string prefix = "#" + index.ToString(CultureInfo.InvariantCulture) + " ";
            T? value = _value(new ContractRandom(valueSeed));
            byte[] bytes;
            try
            {
                bytes = PackSerializer.Serialize(value);
            }
            catch (Exception exception)
            {
                lines.Add(prefix + "write-failed " + Describe(exception));
                continue;
            }

            lines.Add(prefix + "write " + Convert.ToHexStringLower(bytes));
            string others = OtherWrites(value, bytes);
            lines.Add(prefix + (others.Length == 0 ? "other-writes same" : "other-writes-differ " + others));
            string roundTrip = ReadAndWrite(bytes);
            lines.Add(prefix + (roundTrip.StartsWith("ok " + Convert.ToHexStringLower(bytes) + " ", StringComparison.Ordinal) ? "round-trip " : "round-trip-differs ") + roundTrip);

            var positions = new ContractRandom(valueSeed ^ 0x5EED);
            foreach (int length in TruncationLengths(bytes.Length, positions))
            {
                lines.Add(prefix + "cut@" + length.ToString(CultureInfo.InvariantCulture) + " " + Read(bytes[..length]));
            }

            for (int i = 0; i < Corruptions && bytes.Length > 0; i++)
            {
                byte[] corrupted = (byte[])bytes.Clone();
                int position = positions.Next(corrupted.Length);
                corrupted[position] = positions.Chance(50) ? (byte)~corrupted[position] : (byte)(corrupted[position] ^ (1 + positions.Next(255)));
                lines.Add(prefix + "corrupt@" + position.ToString(CultureInfo.InvariantCulture) + "=" + corrupted[position].ToString("x2", CultureInfo.InvariantCulture) + " " + ReadAndWrite(corrupted));
            }
        }

        return lines;
    }

    /// <summary>The seed of one value: the run's seed, the case and the index, mixed without string.GetHashCode (randomized per process).</summary>
    public int ValueSeed(int seed, int index)
    {
        uint hash = 2166136261;
        foreach (char c in Name)
        {
            hash = (hash ^ c) * 16777619;
        }

        return (int)(hash ^ (uint)seed * 0x9E3779B1u ^ (uint)index * 0x85EBCA6Bu);
    }

    internal static IEnumerable<int> TruncationLengths(int length, ContractRandom random)
    {
        if (length <= EveryByteUpTo)
        {
            for (int i = 0; i < length; i++)
            {
                yield return i;
            }

            yield break;
        }

        // The start and the end of the payload, and a sample in between in increasing order.
        var lengths = new SortedSet<int>();
        for (int i = 0; i < 32; i++)
        {
            lengths.Add(i);
            lengths.Add(length - 1 - i);
            lengths.Add(32 + random.Next(length - 64));
        }

        foreach (int i in lengths)
        {
            yield return i;
        }
    }

    /// <summary>
    /// The same value written through the formatter with a concrete buffer-writer type (the generic body rather than the
    /// IBufferWriter one, and the formatter even where the serializer copies a blittable value whole) and through a pipe
    /// flushed at every safe point (the segmented writer): empty when both give <paramref name="bytes"/>.
    /// </summary>
    private static string OtherWrites(T? value, byte[] bytes)
    {
        var differences = new System.Text.StringBuilder();
        try
        {
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new PackWriter<ArrayBufferWriter<byte>>(ref buffer, null);
            PackFormatterCache<T>.Formatter.Serialize(ref writer, value);
            writer.Flush();
            if (!buffer.WrittenSpan.SequenceEqual(bytes))
            {
                differences.Append("concrete ").Append(Convert.ToHexStringLower(buffer.WrittenSpan)).Append(' ');
            }
        }
        catch (Exception exception)
        {
            differences.Append("concrete ").Append(Describe(exception)).Append(' ');
        }

        try
        {
            var pipe = new System.IO.Pipelines.Pipe(new System.IO.Pipelines.PipeOptions(pauseWriterThreshold: 0));
            PackSerializer.SerializeAsync(pipe.Writer, value, null, flushThreshold: 1, CancellationToken.None).AsTask().GetAwaiter().GetResult();
            pipe.Writer.Complete();
            var result = pipe.Reader.ReadAsync().AsTask().GetAwaiter().GetResult();
            byte[] piped = result.Buffer.ToArray();
            pipe.Reader.Complete();
            if (!piped.AsSpan().SequenceEqual(bytes))
            {
                differences.Append("pipe ").Append(Convert.ToHexStringLower(piped));
            }
        }
        catch (Exception exception)
        {
            differences.Append("pipe ").Append(Describe(exception));
        }

        return differences.ToString();
    }

    /// <summary>Reads <paramref name="bytes"/> and writes the result again: the bytes written and the allocation charged, or the error.</summary>
    internal static string ReadAndWrite(byte[] bytes)
    {
        try
        {
            var reader = new PackReader(bytes, null);
            var value = PackFormatterCache<T>.Formatter.Deserialize(ref reader);
            reader.EnsureFullyConsumed();
            long charged = reader.AllocationCharged;
            return "ok " + Convert.ToHexStringLower(PackSerializer.Serialize(value)) + " charged " + charged.ToString(CultureInfo.InvariantCulture);
        }
        catch (Exception exception)
        {
            // The formatter's own exceptions, before PackSerializer's wrapping: the offset and words each path reports.
            return Describe(exception) + " | through PackSerializer: " + Read(bytes);
        }
    }

    internal static string Read(byte[] bytes)
    {
        try
        {
            _ = PackSerializer.Deserialize<T>(bytes);
            return "ok";
        }
        catch (Exception exception)
        {
            return Describe(exception);
        }
    }

    internal static string Describe(Exception exception)
        => exception is PackException pack
            ? "PackException@" + pack.Offset.ToString(CultureInfo.InvariantCulture) + ": " + pack.Message
            : exception.GetType().FullName + ": " + exception.Message;
}
