using System.Collections.Concurrent;

namespace Pack.Benchmarks.Http;

/// <summary>
/// The client's own threads: a <see cref="TaskScheduler"/> over a fixed set of dedicated threads, separate from the
/// .NET thread pool that Kestrel uses. Load workers start on it, and their own <c>await</c>s resume on it. HttpClient's
/// socket completions, and the client libraries' continuations that use <c>ConfigureAwait(false)</c> (the body decoding
/// among them), still run on the shared thread pool, so client and server are separated by thread but not fully.
/// </summary>
public sealed class ClientThreadPool : TaskScheduler, IDisposable
{
    [ThreadStatic]
    private static ClientThreadPool? current;

    private readonly BlockingCollection<Task> queue = [];
    private readonly Thread[] threads;

    /// <summary>Starts <paramref name="threadCount"/> background threads.</summary>
    public ClientThreadPool(int threadCount)
    {
        threads = new Thread[threadCount];
        for (var i = 0; i < threads.Length; i++)
        {
            threads[i] = new Thread(Work) { IsBackground = true, Name = $"http-client-{i}" };
            threads[i].Start();
        }
    }

    /// <inheritdoc/>
    public override int MaximumConcurrencyLevel => threads.Length;

    /// <summary>Runs <paramref name="work"/> on these threads.</summary>
    public Task<T> Run<T>(Func<Task<T>> work) =>
        Task.Factory.StartNew(work, CancellationToken.None, TaskCreationOptions.DenyChildAttach, this).Unwrap();

    /// <summary>Stops the threads after the queued work.</summary>
    public void Dispose()
    {
        queue.CompleteAdding();
        foreach (var thread in threads)
        {
            thread.Join();
        }

        queue.Dispose();
    }

    /// <inheritdoc/>
    protected override void QueueTask(Task task) => queue.Add(task);

    /// <inheritdoc/>
    protected override bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued) =>
        current == this && TryExecuteTask(task);

    /// <inheritdoc/>
    protected override IEnumerable<Task> GetScheduledTasks() => queue.ToArray();

    private void Work()
    {
        current = this;
        foreach (var task in queue.GetConsumingEnumerable())
        {
            TryExecuteTask(task);
        }
    }
}
