namespace Pack.Tests.Schema.Fixtures;

/// <summary>The first version of the contracts the compatibility tests evolve (<see cref="SchemaV2"/> is the next). Also compiled into Pack.Tool.Tests.</summary>
public static class SchemaV1
{
    public sealed class Order
    {
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    public sealed class Removed
    {
        public int A { get; set; }

        public int B { get; set; }

        public int C { get; set; }
    }

    public sealed class Inserted
    {
        public int A { get; set; }

        public int C { get; set; }
    }

    public sealed class Reordered
    {
        public int A { get; set; }

        public string? B { get; set; }
    }

    public sealed class Retyped
    {
        public int Id { get; set; }

        public int Amount { get; set; }
    }

    public struct Point
    {
        public string? Label { get; set; }
    }

    public sealed class Located
    {
        public Point Where { get; set; }
    }

    public struct Coord
    {
        public int X { get; set; }

        public int Y { get; set; }
    }

    public sealed class Placed
    {
        public Coord At { get; set; }
    }

    public enum Level
    {
        Low = 1,
        High = 2,
    }

    public sealed class Leveled
    {
        public Level Level { get; set; }
    }

    public enum Color
    {
        Red = 1,
        Green = 2,
    }

    public sealed class Painted
    {
        public Color Color { get; set; }
    }

    [PackUnion(0, typeof(Circle))]
    public abstract class Shape
    {
    }

    public sealed class Circle : Shape
    {
        public float Radius { get; set; }
    }

    [PackUnion(0, typeof(Cat))]
    public abstract class Animal
    {
    }

    public sealed class Cat : Animal
    {
        public int Lives { get; set; }
    }
}
