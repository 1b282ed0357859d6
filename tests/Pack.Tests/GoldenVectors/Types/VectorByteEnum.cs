namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An enum over byte.</summary>
#pragma warning disable CA1008, CA1028 // Underlying types and zero values vary on purpose.
public enum VectorByteEnum : byte
#pragma warning restore CA1008, CA1028
{
    None = 0,
    One = 1,
    Max = 255,
}
