namespace Pack.ContractTests.Types;

/// <summary>A readonly record struct (blittable: two ints back to back).</summary>
public readonly record struct Point(int X, int Y);
