namespace Pack.Tests.Fuzzing;

/// <summary>What one coverage-fuzz input measured.</summary>
/// <param name="Type">The decoded type.</param>
/// <param name="Length">The input length, selector byte included.</param>
/// <param name="Allocated">Bytes allocated on the decoding thread.</param>
/// <param name="Elapsed">The decode time.</param>
/// <param name="Decoded">Whether the payload decoded (otherwise it was rejected with a <see cref="PackException"/>).</param>
public readonly record struct CoverageRun(Type? Type, int Length, long Allocated, TimeSpan Elapsed, bool Decoded)
{
    /// <summary>Allocated bytes per input byte.</summary>
    public double Ratio => Length == 0 ? 0 : (double)Allocated / Length;
}
