using System.Runtime.Serialization;
using System.Text.Json.Serialization;

namespace Pack.Tests.Models;

public class Organization
{
    public int Id { get; set; }
    public string[]? Tags { get; set; }
    public List<Member>? Members { get; set; }

    public static Organization Create(int members)
    {
        var rnd = new Random(42);
        var organization = new Organization { Id = 1, Tags = new string[5], Members = new List<Member>(members) };
        for (int i = 0; i < 5; i++)
        {
            organization.Tags[i] = $"测试标签{i}";
        }

        for (int i = 0; i < members; i++)
        {
            organization.Members.Add(new Member
            {
                Id = i,
                Name = $"测试名字{i}",
                Description = $"测试描述{rnd.Next(1, int.MaxValue)}",
                Address = $"测试地址{rnd.Next(1, int.MaxValue)}",
                Value = rnd.Next(1, int.MaxValue),
                UpdateTime = 1700000000000,
            });
        }

        return organization;
    }
}

public class Member
{
    public int Id { get; set; }
    public string? Name { get; set; }
    public string? Description { get; set; }
    public string? Address { get; set; }
    public double Value { get; set; }
    public long UpdateTime { get; set; }
}

public class SmallObject
{
    public int A { get; set; }
    public int B { get; set; }
    public int C { get; set; }
    public string? S1 { get; set; }
    public string? S2 { get; set; }
}

public struct Vector3
{
    public float X;
    public float Y;
    public float Z;
}

public record Person(string Name, int Age, List<string>? Tags);

public record struct Point(int X, int Y);

public readonly struct ReadOnlyPair
{
    public ReadOnlyPair(int left, string? right)
    {
        Left = left;
        Right = right;
    }

    public int Left { get; }
    public string? Right { get; }
}

public class InitOnly
{
    public int Id { get; init; }
    public string? Name { get; init; }
}

public class PrivateSetter
{
    public PrivateSetter()
    {
    }

    public PrivateSetter(int id) => Id = id;

    public int Id { get; private set; }
}

public class WithFields
{
    public int Number;
    public string? Text;
    public double Ratio { get; set; }
}

public enum Color : byte { Red, Green, Blue }

public enum Big : long { Min = long.MinValue, Max = long.MaxValue }

public class Attributed
{
    public int Kept { get; set; }

    [PackIgnore]
    public int PackIgnored { get; set; } = 7;

    [JsonIgnore]
    public int JsonIgnored { get; set; } = 8;

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? JsonConditional { get; set; }

    [IgnoreDataMember]
    public int DataIgnored { get; set; } = 9;

    public int Computed => Kept * 2;
}

[DataContract]
public class DataContractType
{
    [DataMember]
    public int Included { get; set; }

    public int NotAMember { get; set; } = 5;
}

public class Ordered
{
    [PackOrder(2)]
    public int Second { get; set; }

    [PackOrder(1)]
    public int First { get; set; }
}

[PackUnion(0, typeof(Circle))]
[PackUnion(1, typeof(Square))]
public abstract class Shape
{
    public string? Label { get; set; }
}

public class Circle : Shape
{
    public double Radius { get; set; }
}

public class Square : Shape
{
    public double Side { get; set; }
}

[PackUnion(7, typeof(Dog))]
public interface IAnimal
{
}

public class Dog : IAnimal
{
    public string? Name { get; set; }
}

public class Node
{
    public int Value { get; set; }
    public Node? Next { get; set; }
}

public class Holder<T>
{
    public T? Value { get; set; }
}

public class AllPrimitives
{
    public bool Bool { get; set; }
    public byte Byte { get; set; }
    public sbyte SByte { get; set; }
    public short Short { get; set; }
    public ushort UShort { get; set; }
    public char Char { get; set; }
    public int Int { get; set; }
    public uint UInt { get; set; }
    public long Long { get; set; }
    public ulong ULong { get; set; }
    public Int128 Int128 { get; set; }
    public UInt128 UInt128 { get; set; }
    public Half Half { get; set; }
    public float Float { get; set; }
    public double Double { get; set; }
    public decimal Decimal { get; set; }
    public Guid Guid { get; set; }
    public DateTime DateTime { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public DateOnly DateOnly { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public Color Color { get; set; }
    public int? NullableInt { get; set; }
    public Point? NullablePoint { get; set; }
}
