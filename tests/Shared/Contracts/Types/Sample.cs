#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shape under test; equality is not.

namespace Pack.ContractTests.Types;

/// <summary>A struct of fixed-width fields with padding between them (18 bytes on the wire, 24 in memory).</summary>
public struct Sample
{
    public double Value;
    public short Code;
    public long Ticks;
}
