using Pack.Benchmarks.Http.Grpc;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The checks of the streaming calls (H6, H7), made on every call and not only the first: a summary must count every item
/// sent and add up their values exactly, and every echoed item must equal, field for field, the one sent at its position.
/// A peer that loses, reorders or corrupts items fails its cell instead of looking fast.
/// </summary>
public static class StreamChecks
{
    /// <summary>Throws unless the server's summary matches what was sent.</summary>
    public static int Summary(int? count, double? sum, int expectedCount, double expectedSum)
    {
        if (count != expectedCount || sum != expectedSum)
        {
            throw new InvalidDataException($"The server counted {count} items summing to {sum}; {expectedCount} were sent, summing to {expectedSum}.");
        }

        return expectedCount;
    }

    /// <summary>Throws unless the echoed item at <paramref name="index"/> (of <paramref name="sent"/>) equals the one sent.</summary>
    public static void Echoed<T>(T? echoed, IReadOnlyList<T> sent, int index, Func<T, T, bool> same)
        where T : class
    {
        if (index >= sent.Count)
        {
            throw new InvalidDataException($"More than the {sent.Count} items sent were echoed.");
        }

        if (echoed is null || !same(echoed, sent[index]))
        {
            throw new InvalidDataException($"Echoed item {index} differs from the one sent.");
        }
    }

    /// <summary>Throws unless <paramref name="echoed"/> equals <paramref name="sent"/>.</summary>
    public static void Echoed<T>(T? echoed, T sent, int index, Func<T, T, bool> same)
        where T : class
    {
        if (echoed is null || !same(echoed, sent))
        {
            throw new InvalidDataException($"Echoed item {index} differs from the one sent.");
        }
    }

    /// <summary>W4 member equality.</summary>
    public static bool Same(Member a, Member b) =>
        a.Id == b.Id && a.Name == b.Name && a.Description == b.Description && a.Address == b.Address && a.Value.Equals(b.Value) && a.UpdateTime == b.UpdateTime;

    /// <summary>W4 member equality, protobuf-net contracts.</summary>
    public static bool Same(MemberContract a, MemberContract b) =>
        a.Id == b.Id && a.Name == b.Name && a.Description == b.Description && a.Address == b.Address && a.Value.Equals(b.Value) && a.UpdateTime == b.UpdateTime;

    /// <summary>W4 member equality, Grpc.AspNetCore messages (their generated value equality).</summary>
    public static bool Same(MemberMessage a, MemberMessage b) => a.Equals(b);

    /// <summary>W6 equality.</summary>
    public static bool Same(SmallObject a, SmallObject b) =>
        a.Id == b.Id && a.Age == b.Age && a.Score == b.Score && a.Name == b.Name && a.Greeting == b.Greeting;

    /// <summary>W6 equality, protobuf-net contracts.</summary>
    public static bool Same(SmallObjectContract a, SmallObjectContract b) =>
        a.Id == b.Id && a.Age == b.Age && a.Score == b.Score && a.Name == b.Name && a.Greeting == b.Greeting;

    /// <summary>W6 equality, Grpc.AspNetCore messages.</summary>
    public static bool Same(SmallObjectMessage a, SmallObjectMessage b) => a.Equals(b);
}
