using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using Perfolizer.Mathematics.OutlierDetection;

namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// Turns whatever job runs a G2 class into a first-use measurement: <see cref="RunStrategy.ColdStart"/> (no jitting, pilot,
/// overhead or warmup stage), one iteration of one invocation (unroll factor 1), outliers kept. It leaves the launch count
/// (the number of fresh processes, hence of samples) to the job, so that <c>--job dry</c> stays one process per benchmark
/// and a measurement sets it with <c>--launchCount 20</c>.
/// </summary>
/// <remarks>
/// A mutator rather than a <c>[SimpleJob]</c>: a job attribute would be added beside the command line's job (both would
/// run), while a mutator is applied to it.
/// </remarks>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
public sealed class FirstUseJobAttribute : JobMutatorConfigBaseAttribute
{
    /// <summary>Creates the mutator.</summary>
    public FirstUseJobAttribute()
        : base(Job.Default
            .WithStrategy(RunStrategy.ColdStart)
            .WithWarmupCount(0)
            .WithIterationCount(1)
            .WithInvocationCount(1)
            .WithUnrollFactor(1)
            .WithOutlierMode(OutlierMode.DontRemove))
    {
    }
}
