namespace Pack.Tests.Schema.Fixtures;

/// <summary>The next version of <see cref="CompatibilityV1"/>'s contracts (docs/vectors/compatibility.json). Also compiled into Pack.Tool.Tests.</summary>
public static class CompatibilityV2
{
    /// <summary>Quantity became a long: MEMBER_RETYPED at <c>$.Lines[].Quantity</c>.</summary>
    public sealed class Line
    {
        public string? Sku { get; set; }

        public long Quantity { get; set; }
    }

    public sealed class Basket
    {
        public List<Line>? Lines { get; set; }
    }

    /// <summary>The key of one map and the value of the other changed: TYPE_CHANGED at <c>{key}</c> and <c>{value}</c>.</summary>
    public sealed class Prices
    {
        public Dictionary<Guid, int>? ByKey { get; set; }

        public Dictionary<string, double>? ByValue { get; set; }
    }

    /// <summary>A recursive type whose member changed: reported once, the recursion ends.</summary>
    public sealed class Tree
    {
        public long Value { get; set; }

        public List<Tree>? Children { get; set; }
    }

    /// <summary>A list became a set: compatible.</summary>
    public sealed class Tags
    {
        public HashSet<string>? Names { get; set; }
    }

    /// <summary>A value added: compatible.</summary>
    public enum Mood
    {
        Calm = 1,
        Happy = 2,
    }

    public sealed class Feeling
    {
        public Mood Mood { get; set; }
    }

    /// <summary>A case added (compatible), and Dog's member retyped: MEMBER_RETYPED at <c>$(0).Age</c>.</summary>
    [PackUnion(0, typeof(Dog))]
    [PackUnion(1, typeof(Cat))]
    public abstract class Pet
    {
    }

    public sealed class Dog : Pet
    {
        public string? Age { get; set; }
    }

    public sealed class Cat : Pet
    {
        public int Lives { get; set; }
    }

    /// <summary>int? became long?: MEMBER_RETYPED (a nullable adds nothing to the path).</summary>
    public sealed class Optional
    {
        public long? Count { get; set; }
    }

    /// <summary>Several changes: every one reported, in the order the check meets them.</summary>
    public sealed class Several
    {
        public short A { get; set; }

        public Mood Mood { get; set; }

        public List<string>? Values { get; set; }

        public int Extra { get; set; }
    }

    public enum Tier : uint
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

    [PackUnion(0, typeof(Silver))]
    public abstract class Medal
    {
    }

    public sealed class Silver : Medal
    {
        public Tier Tier { get; set; }
    }
}
