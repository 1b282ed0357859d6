namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An enum over ulong.</summary>
#pragma warning disable CA1008, CA1028 // Underlying types and zero values vary on purpose.
public enum VectorBigEnum : ulong
#pragma warning restore CA1008, CA1028
{
    Huge = ulong.MaxValue,
}
