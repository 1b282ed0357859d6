namespace Pack.Benchmarks.Workloads;

/// <summary>The five payloads of W3_CgdBuffer, in the seed's order.</summary>
public enum CgdPayload
{
    /// <summary><see cref="CgdPrimitives"/>.</summary>
    Primitives,

    /// <summary><see cref="CgdStrings"/>.</summary>
    Strings,

    /// <summary><c>int[8]</c>.</summary>
    IntArray,

    /// <summary><c>string[8]</c> holding the strings of <see cref="Strings"/>.</summary>
    StringArray,

    /// <summary><c>Dictionary&lt;string, List&lt;int&gt;&gt;</c> of six entries.</summary>
    Map,
}
