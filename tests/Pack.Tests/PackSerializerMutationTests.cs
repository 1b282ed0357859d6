using Pack.Tests.Models;

namespace Pack.Tests;

/// <summary>
/// A seeded mutation fuzzer: random corruptions of valid payloads must either decode or raise <see cref="PackException"/>,
/// never another exception, and never allocate out of proportion to the input.
/// </summary>
public class PackSerializerMutationTests
{
    private const int Iterations = 100_000;

    [Fact]
    public void Deserialize_RandomCorruptionsOfValidPayloads_OnlyThrowPackException()
    {
        var targets = new (byte[] Seed, Action<byte[]> Read)[]
        {
            (PackSerializer.Serialize(Organization.Create(4)), b => PackSerializer.Deserialize<Organization>(b)),
            (PackSerializer.Serialize(new SmallObject { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" }), b => PackSerializer.Deserialize<SmallObject>(b)),
            (PackSerializer.Serialize(new Dictionary<string, List<int>> { ["zero"] = [0, 1, 2, 4], ["eleven"] = [10, 21, 12, 34] }), b => PackSerializer.Deserialize<Dictionary<string, List<int>>>(b)),
            (PackSerializer.Serialize(new Shape[] { new Circle { Label = "c", Radius = 1 }, new Square { Side = 2 } }), b => PackSerializer.Deserialize<Shape[]>(b)),
            (PackSerializer.Serialize(new AllPrimitives { Decimal = 1.5m, DateTime = DateTime.UnixEpoch, NullablePoint = new Point(1, 2) }), b => PackSerializer.Deserialize<AllPrimitives>(b)),
            (PackSerializer.Serialize(new[] { "Please Let test this", "이것 좀 테스트하게 해주세요.", "这件事 试验" }), b => PackSerializer.Deserialize<string[]>(b)),
        };

        var random = new Random(20261122);
        int decoded = 0;
        long maxAllocationRatio = 0;
        for (int i = 0; i < Iterations; i++)
        {
            var (seed, read) = targets[i % targets.Length];
            var input = Mutate(seed, random);
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                read(input);
                decoded++;
            }
            catch (PackException)
            {
            }
            catch (Exception exception)
            {
                Assert.Fail($"Iteration {i}: {exception.GetType()} escaped for input {Convert.ToHexString(input)}: {exception}");
            }

            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            maxAllocationRatio = Math.Max(maxAllocationRatio, allocated / (input.Length + 64));
            Assert.True(allocated <= (32L * input.Length) + 64 * 1024, $"Iteration {i}: {allocated} bytes allocated for a {input.Length}-byte input {Convert.ToHexString(input)}");
        }

        Assert.InRange(decoded, 1, Iterations - 1);
    }

    private static byte[] Mutate(byte[] seed, Random random)
    {
        var bytes = (byte[])seed.Clone();
        switch (random.Next(6))
        {
            case 0:
                bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
                break;
            case 1:
                bytes[random.Next(bytes.Length)] ^= (byte)(1 << random.Next(8));
                break;
            case 2:
                // Overwrite an aligned-or-not 32-bit field with an interesting length.
                int at = random.Next(Math.Max(1, bytes.Length - 4));
                int[] interesting = [-1, -2, -3, 0, 1, int.MaxValue, int.MinValue, bytes.Length, bytes.Length - at, 0x7FFF, 0x4000_0000];
                BitConverter.TryWriteBytes(bytes.AsSpan(at), interesting[random.Next(interesting.Length)]);
                break;
            case 3:
                return bytes[..random.Next(bytes.Length)];
            case 4:
                int from = random.Next(bytes.Length);
                int length = random.Next(bytes.Length - from);
                return [.. bytes[..from], .. bytes[(from + length)..]];
            default:
                for (int k = random.Next(1, 6); k > 0; k--)
                {
                    bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
                }

                break;
        }

        return bytes;
    }
}
