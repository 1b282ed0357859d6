namespace Pack.Benchmarks.Codecs.Generated;

/// <summary>
/// The warm-up type with its formatter generated at compile time, so that G2's generated variant warms up through
/// generated code too. Kept apart from <see cref="BenchmarkPackContext"/>, which G1 shares.
/// </summary>
[PackSerializable(typeof(FirstUseWarmUp))]
public partial class FirstUseWarmUpPackContext : PackSerializerContext;
