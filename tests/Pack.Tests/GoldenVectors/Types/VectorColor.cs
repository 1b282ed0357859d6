namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An enum over int.</summary>
#pragma warning disable CA1008, CA1028 // Underlying types and zero values vary on purpose.
public enum VectorColor : int
#pragma warning restore CA1008, CA1028
{
    Red = 1,
    Green = 2,
    Blue = 3,
}
