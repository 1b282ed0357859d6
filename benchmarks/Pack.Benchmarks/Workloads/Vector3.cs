namespace Pack.Benchmarks.Workloads;

/// <summary>W5: an unmanaged 12-byte vector (seed 001).</summary>
public struct Vector3
{
    /// <summary>X.</summary>
    public float X;

    /// <summary>Y.</summary>
    public float Y;

    /// <summary>Z.</summary>
    public float Z;
}
