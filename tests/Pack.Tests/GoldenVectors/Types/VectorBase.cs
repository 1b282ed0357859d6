namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A base class: its members come first.</summary>
public class VectorBase
{
    public int BaseValue { get; set; }
}
