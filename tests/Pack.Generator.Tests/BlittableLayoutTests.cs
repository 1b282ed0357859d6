using System.Reflection;
using Pack.Formatters;
using Pack.Formatters.Objects;
using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>
/// A struct with a generated formatter says itself whether it is blittable (its memory image is its wire form): decided
/// at compile time with TypeLayout's rules and checked at run time without reflection, so its first use builds no
/// reflection contract. The decision must agree with TypeLayout's, and a struct whose layout differs from its wire form
/// (padding, explicit offsets, a nested such struct) must never be copied raw.
/// </summary>
public class BlittableLayoutTests
{
    [Theory]
    [InlineData(typeof(LayoutSequential), true)]
    [InlineData(typeof(LayoutAutoProperties), true)]
    [InlineData(typeof(LayoutNested), true)]
    [InlineData(typeof(LayoutPadded), false)]
    [InlineData(typeof(LayoutSwapped), false)]
    [InlineData(typeof(LayoutNestedSwapped), false)]
    [InlineData(typeof(LayoutWithBool), false)]
    [InlineData(typeof(LayoutComputedProperty), false)]
    public void HasBlittableLayout_Struct_AgreesWithTheRunTimeLayoutRule(Type type, bool expected)
    {
        var decisions = ((bool? Generated, bool RunTime, bool Used))typeof(BlittableLayoutTests)
            .GetMethod(nameof(Decisions), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(type)
            .Invoke(null, null)!;

        Assert.Equal(expected, decisions.Generated);
        Assert.Equal(expected, decisions.RunTime);
        Assert.Equal(expected, decisions.Used);
    }

    [Fact]
    public void Serialize_StructWhoseMemoryDiffersFromTheWire_WritesTheMembersInWireOrder()
    {
        var swapped = new LayoutSwapped { A = 1, B = 2 };
        var padded = new LayoutPadded { A = 1, B = 2 };
        var nested = new LayoutNestedSwapped { Inner = swapped, D = 3 };

        Assert.Equal([1, 0, 0, 0, 2, 0, 0, 0], PackSerializer.Serialize(swapped));
        Assert.Equal([1, 2, 0, 0, 0], PackSerializer.Serialize(padded));
        Assert.Equal([1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0], PackSerializer.Serialize(nested));
        Assert.Equal(Codec.Write(Codec.Il<LayoutNestedSwapped>()!, nested), PackSerializer.Serialize(nested));
        Assert.Equal(nested, PackSerializer.Deserialize<LayoutNestedSwapped>(PackSerializer.Serialize(nested)));
        Assert.Equal(padded, PackSerializer.Deserialize<LayoutPadded>(PackSerializer.Serialize(padded)));
    }

    [Fact]
    public void Serialize_TopLevelArraysOfStructs_WriteTheCountAndTheWireFormOfEachElement()
    {
        LayoutSwapped[] swapped = [new() { A = 1, B = 2 }, new() { A = 3, B = 4 }];
        LayoutSequential[] sequential = [new() { A = 1, B = 2, C = 3 }];

        byte[] swappedBytes = PackSerializer.Serialize(swapped);
        byte[] sequentialBytes = PackSerializer.Serialize(sequential);

        Assert.Equal([2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0], swappedBytes);
        Assert.Equal([1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 3, 0], sequentialBytes);
        Assert.Equal(swapped, PackSerializer.Deserialize<LayoutSwapped[]>(swappedBytes));
        Assert.Equal(sequential, PackSerializer.Deserialize<LayoutSequential[]>(sequentialBytes));
    }

    [Fact]
    public void Serialize_BlittableStructWithAutoProperties_RoundTripsItsMemoryImage()
    {
        var value = new LayoutAutoProperties { X = 7, Y = 1.5f };

        byte[] bytes = PackSerializer.Serialize(value);

        Assert.Equal([7, 0, 0, 0, 0, 0, 0xC0, 0x3F], bytes);
        Assert.Equal(value, PackSerializer.Deserialize<LayoutAutoProperties>(bytes));
    }

    [Fact]
    public void Serialize_StructMembersOfAnObject_WriteEachStructsWireForm()
    {
        var value = new LayoutHolder
        {
            Sequential = new LayoutSequential { A = 1, B = 2, C = 3 },
            Swapped = new LayoutSwapped { A = 4, B = 5 },
            Padded = new LayoutPadded { A = 6, B = 7 },
        };
        byte[] expected = [0xFE, 0xFF, 0xFF, 0xFF, 3, 0, 1, 0, 0, 0, 2, 0, 3, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 7, 0, 0, 0];

        byte[] bytes = PackSerializer.Serialize(value);
        var back = PackSerializer.Deserialize<LayoutHolder>(bytes)!;

        Assert.Equal(expected, bytes);
        Assert.Equal(expected, Codec.WriteConcrete(LayoutContext.Default.GetFormatter<LayoutHolder>()!, value));
        Assert.Equal((value.Sequential, value.Swapped, value.Padded), (back.Sequential, back.Swapped, back.Padded));
    }

    [Fact]
    public void Deserialize_TruncatedBlittableStructMember_ThrowsPackExceptionAtTheStruct()
    {
        // Ends 3 bytes into the blittable member, which starts at offset 6: read as one 8-byte copy, as the IL path does.
        byte[] bytes = [0xFE, 0xFF, 0xFF, 0xFF, 3, 0, 1, 0, 0];

        var exception = Assert.Throws<PackException>(() => PackSerializer.Deserialize<LayoutHolder>(bytes));

        Assert.Equal(6, exception.Offset);
    }

    private static (bool? Generated, bool RunTime, bool Used) Decisions<T>()
        => (((PackBufferWriterFormatter<T>)LayoutContext.Default.GetFormatter<T>()!).HasBlittableLayout, TypeLayout.IsBlittable(typeof(T)), PackTypeInfo<T>.IsBlittable);
}
