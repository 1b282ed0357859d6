namespace Pack.Benchmarks.Reporting;

/// <summary>A benchmark class that can say how many bytes each of its benchmarks puts on the wire.</summary>
/// <remarks>
/// <see cref="PayloadSizeColumn"/> calls this in the BenchmarkDotNet host process, on a fresh instance whose
/// [Params] are already set, because the measured processes keep nothing the host could read afterwards.
/// </remarks>
public interface IPayloadSizeSource
{
    /// <summary>Returns the payload size in bytes for <paramref name="benchmarkMethod"/>, or null if it has none.</summary>
    int? GetPayloadSize(string benchmarkMethod);
}
