namespace Pack.Tests.Schema.Fixtures;

/// <summary>
/// Contracts of docs/vectors/compatibility.json beside <see cref="SchemaV1"/>: changes below the root (a collection's
/// element, a map's key and value, a union case, a recursive type) and the compatible changes.
/// <see cref="CompatibilityV2"/> is the next version. Also compiled into Pack.Tool.Tests.
/// </summary>
public static class CompatibilityV1
{
    public sealed class Line
    {
        public string? Sku { get; set; }

        public int Quantity { get; set; }
    }

    public sealed class Basket
    {
        public List<Line>? Lines { get; set; }
    }

    public sealed class Prices
    {
        public Dictionary<string, int>? ByKey { get; set; }

        public Dictionary<string, int>? ByValue { get; set; }
    }

    public sealed class Tree
    {
        public int Value { get; set; }

        public List<Tree>? Children { get; set; }
    }

    public sealed class Tags
    {
        public List<string>? Names { get; set; }
    }

    public enum Mood
    {
        Calm = 1,
    }

    public sealed class Feeling
    {
        public Mood Mood { get; set; }
    }

    [PackUnion(0, typeof(Dog))]
    public abstract class Pet
    {
    }

    public sealed class Dog : Pet
    {
        public int Age { get; set; }
    }

    public sealed class Optional
    {
        public int? Count { get; set; }
    }

    public sealed class Several
    {
        public int A { get; set; }

        public Mood Mood { get; set; }

        public List<int>? Values { get; set; }
    }

    public enum Tier
    {
        Low = 1,
    }

    public struct Badge
    {
        public Tier Tier { get; set; }
    }

    public sealed class Badged
    {
        public Badge Badge { get; set; }
    }

    [PackUnion(0, typeof(Gold))]
    public abstract class Medal
    {
    }

    public sealed class Gold : Medal
    {
        public Tier Tier { get; set; }
    }
}
