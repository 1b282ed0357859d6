#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shapes under test; equality is not.

using System.Runtime.InteropServices;

namespace Pack.Generator.Tests.Models;

/// <summary>The size matches the wire (8 bytes) but the fields are swapped in memory, so never copied raw.</summary>
[StructLayout(LayoutKind.Explicit)]
public struct LayoutSwapped
{
    [FieldOffset(4)]
    public int A;

    [FieldOffset(0)]
    public int B;
}
