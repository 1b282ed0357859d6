#pragma warning disable CA1051, CA1815, CA1819, CA2227 // Test DTOs: public fields, arrays and settable collections are the shapes under test.

namespace Pack.Generator.Tests.Models;

public struct FixedPair
{
    public int Left;
    public short Right;
    public bool On;
    public Level Level;
}
