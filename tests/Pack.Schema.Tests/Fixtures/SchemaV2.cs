namespace Pack.Tests.Schema.Fixtures;

/// <summary>The next version of <see cref="SchemaV1"/>'s contracts: one change per rule of docs/schema.md §3. Also compiled into Pack.Tool.Tests.</summary>
public static class SchemaV2
{
    /// <summary>Appended a member: compatible both ways.</summary>
    public sealed class Order
    {
        public int Id { get; set; }

        public string? Name { get; set; }

        public decimal Total { get; set; }
    }

    /// <summary>B removed from the middle: MEMBER_REMOVED.</summary>
    public sealed class Removed
    {
        public int A { get; set; }

        public int C { get; set; }
    }

    /// <summary>B inserted in the middle: MEMBER_INSERTED.</summary>
    public sealed class Inserted
    {
        public int A { get; set; }

        public int B { get; set; }

        public int C { get; set; }
    }

    /// <summary>A and B swapped: MEMBER_REORDERED.</summary>
    public sealed class Reordered
    {
        public string? B { get; set; }

        public int A { get; set; }
    }

    /// <summary>Amount became a long: MEMBER_RETYPED.</summary>
    public sealed class Retyped
    {
        public int Id { get; set; }

        public long Amount { get; set; }
    }

    /// <summary>Point became a class (may be null): NULLABILITY_CHANGED for a reader of the struct.</summary>
    public sealed class Point
    {
        public string? Label { get; set; }
    }

    public sealed class Located
    {
        public Point? Where { get; set; }
    }

    /// <summary>A frozen struct gained a member: FROZEN_STRUCT_CHANGED.</summary>
    public struct Coord
    {
        public int X { get; set; }

        public int Y { get; set; }

        public int Z { get; set; }
    }

    public sealed class Placed
    {
        public Coord At { get; set; }
    }

    /// <summary>The underlying type became long: ENUM_UNDERLYING_CHANGED.</summary>
    public enum Level : long
    {
        Low = 1,
        High = 2,
    }

    public sealed class Leveled
    {
        public Level Level { get; set; }
    }

    /// <summary>Red and Green swapped numbers: ENUM_VALUE_CHANGED.</summary>
    public enum Color
    {
        Red = 2,
        Green = 1,
    }

    public sealed class Painted
    {
        public Color Color { get; set; }
    }

    /// <summary>Tag 0 now means Square: UNION_TAG_REUSED.</summary>
    [PackUnion(0, typeof(Square))]
    public abstract class Shape
    {
    }

    public sealed class Square : Shape
    {
        public short Side { get; set; }
    }

    /// <summary>Cat moved to tag 5: UNION_TAG_CHANGED.</summary>
    [PackUnion(5, typeof(Cat))]
    public abstract class Animal
    {
    }

    public sealed class Cat : Animal
    {
        public int Lives { get; set; }
    }
}
