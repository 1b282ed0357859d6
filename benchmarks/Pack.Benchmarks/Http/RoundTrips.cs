using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Pack.Benchmarks.Http;

/// <summary>
/// H7_PingPong1k's request side for peers that take the request stream as an <see cref="IAsyncEnumerable{T}"/> (Pack's
/// <see cref="HttpFormat.PackProducer"/>, protobuf-net.Grpc): <see cref="SendAsync{T}"/> yields one item, then waits until the reader has called
/// <see cref="Answered"/> for it before it yields the next, so exactly one item is in flight. Each round trip is timed
/// from the moment the item is handed to the client library to the moment its echo has been decoded and checked.
/// </summary>
public sealed class RoundTrips(int count, List<long>? latencies)
{
    private readonly SemaphoreSlim answered = new(0);
    private long sentAt;

    /// <summary>The answers received so far.</summary>
    public int Answers { get; private set; }

    /// <summary>Yields <paramref name="item"/> <c>count</c> times, each after the previous one was answered.</summary>
    public async IAsyncEnumerable<T> SendAsync<T>(T item, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (var i = 0; i < count; i++)
        {
            Volatile.Write(ref sentAt, Stopwatch.GetTimestamp());
            yield return item;
            await answered.WaitAsync(cancellationToken);
        }
    }

    /// <summary>Records the round trip of the item in flight and lets the next one go.</summary>
    public void Answered()
    {
        var now = Stopwatch.GetTimestamp();
        if (Answers >= count)
        {
            throw new InvalidDataException($"More than the {count} items sent were echoed.");
        }

        latencies?.Add(now - Volatile.Read(ref sentAt));
        Answers++;
        answered.Release();
    }
}
