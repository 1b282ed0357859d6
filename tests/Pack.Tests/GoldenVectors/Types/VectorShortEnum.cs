namespace Pack.Tests.GoldenVectors.Types;

/// <summary>An enum over short.</summary>
#pragma warning disable CA1008, CA1028 // Underlying types and zero values vary on purpose.
public enum VectorShortEnum : short
#pragma warning restore CA1008, CA1028
{
    Negative = -2,
    Zero = 0,
}
