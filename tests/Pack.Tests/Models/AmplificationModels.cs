namespace Pack.Tests.Models;

/// <summary>A fixed-width struct of 256 bytes: no header, so a null <c>SixteenDecimals?</c> is one byte on the wire.</summary>
public struct SixteenDecimals
{
    public decimal D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14, D15;
}

/// <summary>A class of 30 longs: an empty body (4 bytes on the wire) stands for a 256-byte instance.</summary>
public class WideClass
{
    public long M0 { get; set; }
    public long M1 { get; set; }
    public long M2 { get; set; }
    public long M3 { get; set; }
    public long M4 { get; set; }
    public long M5 { get; set; }
    public long M6 { get; set; }
    public long M7 { get; set; }
    public long M8 { get; set; }
    public long M9 { get; set; }
    public long M10 { get; set; }
    public long M11 { get; set; }
    public long M12 { get; set; }
    public long M13 { get; set; }
    public long M14 { get; set; }
    public long M15 { get; set; }
    public long M16 { get; set; }
    public long M17 { get; set; }
    public long M18 { get; set; }
    public long M19 { get; set; }
    public long M20 { get; set; }
    public long M21 { get; set; }
    public long M22 { get; set; }
    public long M23 { get; set; }
    public long M24 { get; set; }
    public long M25 { get; set; }
    public long M26 { get; set; }
    public long M27 { get; set; }
    public long M28 { get; set; }
    public long M29 { get; set; }
}

/// <summary>A struct with a variable-length member, so it has a header: an empty body (4 bytes) stands for 248 bytes in an array.</summary>
public struct HeaderStruct
{
    public string? Name;
    public decimal D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10, D11, D12, D13, D14;
}

/// <summary>A class whose initializer allocates: an empty body makes the constructor allocate a list per instance.</summary>
public class WithInitializers
{
    public List<int> A { get; set; } = new(16);
    public List<int> B { get; set; } = new(16);
}

/// <summary>The realistic shape from the hardening issue.</summary>
public class PriceList
{
    public decimal?[]? Prices { get; set; }
}

public enum LongKey : long
{
}

/// <summary>A class whose property initializer allocates about 4 KB: an empty body (4 bytes) stands for it.</summary>
public class AllocatingInitializer
{
    public List<int> Items { get; set; } = new(1000);
}

/// <summary>A class whose constructor allocates a 100,000-byte array.</summary>
public class AllocatingConstructor
{
    public AllocatingConstructor()
    {
        Scratch = new byte[100_000];
    }

    [Pack.PackIgnore]
    public byte[] Scratch { get; }

    public int Id { get; set; }
}

/// <summary>A struct whose constructor allocates about 4 KB.</summary>
public struct AllocatingStruct
{
    public AllocatingStruct()
    {
        Items = new List<int>(1000);
    }

    public int Id { get; set; }

    [Pack.PackIgnore]
    public List<int> Items { get; }
}

/// <summary>
/// A fixed struct (4 bytes, no header) whose constructor allocates about 4 KB: the reader builds each element through
/// that constructor, so 1,500 elements (6 KB) would run 6 MB of user code.
/// </summary>
public readonly struct FixedAllocatingConstructor
{
    [Pack.PackConstructor]
    public FixedAllocatingConstructor(int id)
    {
        Id = id;
        Items = new List<int>(1000);
    }

    public int Id { get; }

    [Pack.PackIgnore]
    public List<int>? Items { get; }
}

/// <summary>A fixed struct (8 bytes) holding a <see cref="FixedAllocatingConstructor"/>: no user code of its own.</summary>
public struct FixedAllocatingHolder
{
    public FixedAllocatingConstructor Inner { get; set; }

    public int Tail { get; set; }
}

/// <summary>
/// A blittable struct (its memory image is its 4-byte wire form) whose constructor allocates about 4 KB and keeps it
/// out of the struct, so the layout stays blittable.
/// </summary>
public readonly struct BlittableAllocatingConstructor
{
    [Pack.PackConstructor]
    public BlittableAllocatingConstructor(int id)
    {
        Id = id;
        Last = new List<int>(1000);
    }

    /// <summary>Where the constructor's allocation goes (so the JIT cannot drop it).</summary>
    [ThreadStatic]
    public static List<int>? Last;

    public int Id { get; }
}
