using System.Runtime.Serialization;
using System.Text.Json.Serialization;

#pragma warning disable CA1051, CA1815, CA1819, CA2227 // Test DTOs: public fields, arrays and settable collections are the shapes under test.

namespace Pack.Generator.Tests.Models;

public enum Level : short
{
    Low = 1,
    High = 300,
}

public sealed class InitOnly
{
    public int Id { get; init; }

    public string Name { get; init; } = "unnamed";

    public bool Flag { get; init; }

    public double Ratio { get; init; }
}

public sealed class PrivateSetters
{
    public int Id { get; private set; }

    public string? Name { get; internal set; }

    public void Set(int id, string name)
    {
        Id = id;
        Name = name;
    }
}

public sealed class RequiredMembers
{
    public required int Id { get; set; }

    public required string Name { get; set; }

    public int Extra { get; set; } = 7;
}

public readonly struct ReadOnlyPoint
{
    public ReadOnlyPoint(int x, long y, string? label)
    {
        X = x;
        Y = y;
        Label = label;
    }

    public int X { get; }

    public long Y { get; }

    public string? Label { get; }
}

public struct FixedPair
{
    public int Left;
    public short Right;
    public bool On;
    public Level Level;
}

public sealed class HiddenConstructor
{
    [PackConstructor]
    private HiddenConstructor(int id, string? text)
    {
        Id = id;
        Text = text;
    }

    public int Id { get; }

    public string? Text { get; }

    public static HiddenConstructor Create(int id, string? text) => new(id, text);
}

[DataContract]
public sealed class PrivateContract
{
    [DataMember]
    private int _secret;

    [DataMember]
    private string? Hidden { get; set; }

    [DataMember]
    public long Visible { get; set; }

    public int NotIncluded { get; set; }

    public static PrivateContract Create(int secret, string hidden, long visible) => new() { _secret = secret, Hidden = hidden, Visible = visible };

    public (int Secret, string? Hidden) Peek() => (_secret, Hidden);
}

public sealed record Defaults(int A, Level Level = Level.High, string Text = "d\"q", double Ratio = 0.1, char Letter = 'x', int? Maybe = 5, bool On = true);

public sealed class Page<T>
{
    public List<T> Items { get; set; } = [];

    public int Total { get; set; }
}

[PackUnion(0, typeof(Cat))]
[PackUnion(7, typeof(Dog))]
public abstract class Animal
{
    public string? Name { get; set; }
}

public sealed class Cat : Animal
{
    public int Lives { get; set; }
}

public sealed class Dog : Animal
{
    public bool GoodBoy { get; set; }
}

[JsonDerivedType(typeof(Circle), 1)]
[JsonDerivedType(typeof(Rect), 2)]
public interface IFigure;

public sealed record Circle(double Radius) : IFigure;

public sealed record Rect(double Width, double Height) : IFigure;

public class Everything
{
    public int Id { get; set; }

    public long Stamp { get; set; }

    public bool Active { get; set; }

    public bool Archived { get; set; }

    public float Score { get; set; }

    public Level Level { get; set; }

    public Guid Key { get; set; }

    public decimal Price { get; set; }

    public DateTime When { get; set; }

    public DateTimeOffset Offset { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public TimeSpan Span { get; set; }

    public string? Text { get; set; }

    public int? MaybeInt { get; set; }

    public FixedPair? MaybePair { get; set; }

    public FixedPair Pair { get; set; }

    public FixedPair[]? Pairs { get; set; }

    public ReadOnlyPoint Point { get; set; }

    public List<InitOnly>? Children { get; set; }

    public Dictionary<string, Page<int>>? Pages { get; set; }

    public IReadOnlyList<Animal?>? Animals { get; set; }

    public IFigure[]? Figures { get; set; }

    public HashSet<Level>? Levels { get; set; }

    public IReadOnlyDictionary<int, string?>? Names { get; set; }

    public Memory<byte> Bytes { get; set; }

    public Everything? Next { get; set; }

    public int Field;

    [PackIgnore]
    public int Ignored { get; set; }

    [JsonIgnore]
    public int JsonIgnored { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? JsonKept { get; set; }
}

public sealed class DerivedEverything : Everything
{
    public string? More { get; set; }
}

public sealed class Ordered
{
    [PackOrder(3)]
    public int Third { get; set; }

    [PackOrder(1)]
    public int First { get; set; }

    [PackOrder(2)]
    public string? Second { get; set; }
}

public sealed class OrderLine
{
    public int Sku { get; set; }

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

public sealed class OrderV2
{
    public int Id { get; set; }

    public List<OrderLine>? Lines { get; set; }

    public string? Note { get; set; }

    public long Added { get; set; }
}

public sealed class OrderV1
{
    public int Id { get; set; }

    public List<OrderLine>? Lines { get; set; }
}

public sealed class Holder
{
    public OrderV2? Order { get; set; }

    public int After { get; set; }
}

public sealed class HolderV1
{
    public OrderV1? Order { get; set; }

    public int After { get; set; }
}
