namespace Pack.Benchmarks.Codecs;

/// <summary>The two messages of W2_Primitives.</summary>
public enum PrimitivesPayload
{
    /// <summary>The 14 mixed primitives, each equal to 1.</summary>
    Mixed,

    /// <summary><c>new string('A', 65)</c>.</summary>
    String,
}
