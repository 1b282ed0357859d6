using System.Diagnostics;

namespace Pack.Tests.Fuzzing;

/// <summary>
/// Runs fuzz targets and checks the invariants on every input: only <see cref="PackException"/> escapes, each input
/// finishes within <see cref="MaxInputTime"/> plus <see cref="MaxTimePerByte"/> per byte, and allocation stays within
/// <see cref="AllocationMultiple"/> × input length + <see cref="AllocationConstant"/>.
/// </summary>
public static class FuzzRunner
{
    /// <summary>The codec's default allocation budget (<see cref="PackSerializerOptions.MaxAllocationRatio"/>).</summary>
    public const int AllocationMultiple = 16;

    /// <summary>The budget's allowance, one budget-check interval and the bookkeeping of a rejected read.</summary>
    public const int AllocationConstant = PackSerializerOptions.AllocationAllowance + (192 * 1024);

    /// <summary>Generous, so a loaded CI machine does not fail the run; typical inputs take microseconds.</summary>
    public static readonly TimeSpan MaxInputTime = TimeSpan.FromSeconds(1);

    /// <summary>CPU per input byte on top of <see cref="MaxInputTime"/>: decoding is linear, so a longer input may take proportionally longer, never quadratically.</summary>
    public static readonly TimeSpan MaxTimePerByte = TimeSpan.FromMicroseconds(1);

    public static FuzzReport Run(IReadOnlyList<FuzzTarget> targets, long iterations, int seed, int workers)
    {
        var report = new FuzzReport();
        var stopwatch = Stopwatch.StartNew();
        var partials = new FuzzReport[workers];

        // Each worker has its own Random and its own thread, so GC.GetAllocatedBytesForCurrentThread sees only its own work.
        var threads = Enumerable.Range(0, workers).Select(worker => new Thread(() =>
            partials[worker] = RunWorker(targets, (iterations / workers) + (worker < iterations % workers ? 1 : 0), seed + worker, worker, workers))
        { IsBackground = true, Name = $"fuzz-{worker}" }).ToList();
        threads.ForEach(thread => thread.Start());
        threads.ForEach(thread => thread.Join());

        foreach (var partial in partials)
        {
            report.Inputs += partial.Inputs;
            report.Decoded += partial.Decoded;
            report.Rejected += partial.Rejected;
            report.ViolationCount += partial.ViolationCount;
            report.MaxAllocatedBytes = Math.Max(report.MaxAllocatedBytes, partial.MaxAllocatedBytes);
            report.MaxAllocationMultiple = Math.Max(report.MaxAllocationMultiple, partial.MaxAllocationMultiple);
            report.MaxInputTime = partial.MaxInputTime > report.MaxInputTime ? partial.MaxInputTime : report.MaxInputTime;
            report.Violations.AddRange(partial.Violations);
            foreach (var (name, count) in partial.InputsByTarget)
            {
                report.InputsByTarget[name] = report.InputsByTarget.GetValueOrDefault(name) + count;
            }
        }

        report.Duration = stopwatch.Elapsed;
        return report;
    }

    private static FuzzReport RunWorker(IReadOnlyList<FuzzTarget> targets, long iterations, int seed, int worker, int workers)
    {
        var report = new FuzzReport();
        var random = new Random(seed);
        var counts = new long[targets.Count];
        long maxTicks = 0;
        for (long i = 0; i < iterations; i++)
        {
            int index = (int)(((i * workers) + worker) % targets.Count);
            var target = targets[index];
            var input = target.Fuzzer.Next(random);
            counts[index]++;

            long before = GC.GetAllocatedBytesForCurrentThread();
            long started = Stopwatch.GetTimestamp();
            string? failure = null;
            try
            {
                target.Read(input);
                report.Decoded++;
            }
            catch (PackException)
            {
                report.Rejected++;
            }
            catch (Exception exception)
            {
                failure = $"{exception.GetType().Name} escaped: {exception.Message}";
            }

            long ticks = Stopwatch.GetTimestamp() - started;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            maxTicks = Math.Max(maxTicks, ticks);
            report.MaxAllocatedBytes = Math.Max(report.MaxAllocatedBytes, allocated);
            if (input.Length >= 64)
            {
                report.MaxAllocationMultiple = Math.Max(report.MaxAllocationMultiple, (double)allocated / input.Length);
            }

            if (allocated > ((long)AllocationMultiple * input.Length) + AllocationConstant)
            {
                failure ??= $"allocated {allocated} bytes for a {input.Length}-byte input";
            }

            if (Stopwatch.GetElapsedTime(0, ticks) > MaxInputTime + (MaxTimePerByte * input.Length))
            {
                failure ??= $"took {Stopwatch.GetElapsedTime(0, ticks).TotalMilliseconds:F0} ms";
            }

            if (failure is not null)
            {
                report.ViolationCount++;
                if (report.Violations.Count < 5)
                {
                    report.Violations.Add($"{target.Name}, input {i} of worker {worker}: {failure}; input {Convert.ToHexString(input.AsSpan(0, Math.Min(input.Length, 512)))}");
                }
            }
        }

        report.Inputs = iterations;
        report.MaxInputTime = Stopwatch.GetElapsedTime(0, maxTicks);
        for (int t = 0; t < targets.Count; t++)
        {
            report.InputsByTarget[targets[t].Name] = counts[t];
        }

        return report;
    }
}
