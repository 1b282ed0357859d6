namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A tree whose children are an array: each branch is one level for the object and one for the array.</summary>
public sealed class VectorBranch
{
    public VectorBranch[]? Children { get; set; }
}
