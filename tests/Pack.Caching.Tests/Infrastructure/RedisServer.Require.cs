namespace Pack.Caching.Tests;

/// <summary>The tests' side of <see cref="RedisServer"/> (the rest is shared with benchmarks/Pack.Benchmarks).</summary>
public sealed partial class RedisServer
{
    /// <summary>Asserts that the server is installed and running.</summary>
    public void Require() => Assert.True(Problem is null, Problem);
}
