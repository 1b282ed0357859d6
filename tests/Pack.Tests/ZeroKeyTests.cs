namespace Pack.Tests;

/// <summary>
/// docs/wire-format.md §5.1, zero keys: a zero floating-point dictionary key or set element is +0.0, read and written;
/// a zero anywhere else keeps its sign. (The decode direction is also the golden vectors
/// <c>dictionary.double-int.minus-zero-key</c> and <c>hashset.float.minus-zero</c>.)
/// </summary>
public sealed class ZeroKeyTests
{
    [Fact]
    public void Serialize_DictionaryWithMinusZeroKey_WritesPlusZero()
    {
        byte[] bytes = PackSerializer.Serialize(new Dictionary<double, double> { [-0d] = -0d });

        Assert.Equal("01000000" + "0000000000000000" + "0000000000000080", Convert.ToHexStringLower(bytes));
    }

    [Fact]
    public void Serialize_SetsWithMinusZeroElement_WritePlusZero()
    {
        Assert.Equal("0100000000000000", Convert.ToHexStringLower(PackSerializer.Serialize(new HashSet<float> { -0f })));
        Assert.Equal("010000000000", Convert.ToHexStringLower(PackSerializer.Serialize(new HashSet<Half> { BitConverter.UInt16BitsToHalf(0x8000) })));
        Assert.Equal("01000000010000000000000000", Convert.ToHexStringLower(PackSerializer.Serialize(new HashSet<double?> { -0d })));
    }

    [Theory]
    [InlineData(typeof(Dictionary<double, int>), "01000000" + "0000000000000080" + "07000000", "0000000000000000")]
    [InlineData(typeof(HashSet<float?>), "01000000" + "01" + "00000080", "00000000")]
    [InlineData(typeof(HashSet<Half>), "01000000" + "0080", "0000")]
    [InlineData(typeof(HashSet<float>), "01000000" + "00000080", "00000000")]
    public void Deserialize_MinusZeroKey_ReadsPlusZero(Type type, string hex, string keyBits)
    {
        object value = PackSerializer.Deserialize(Convert.FromHexString(hex), type)!;

        object key = value is System.Collections.IDictionary map ? map.Keys.Cast<object>().Single() : ((System.Collections.IEnumerable)value).Cast<object>().Single();
        string bits = key switch
        {
            double d => BitConverter.DoubleToUInt64Bits(d).ToString("x16"),
            float f => BitConverter.SingleToUInt32Bits(f).ToString("x8"),
            Half h => BitConverter.HalfToUInt16Bits(h).ToString("x4"),
            _ => throw new InvalidOperationException(key.GetType().Name),
        };
        Assert.Equal(keyBits, bits);
    }

    [Fact]
    public void Deserialize_MinusZeroInsideTupleKey_KeepsItsSign()
    {
        var value = PackSerializer.Deserialize<Dictionary<(double, int), int>>(Convert.FromHexString("01000000" + "0000000000000080" + "01000000" + "02000000"))!;

        Assert.Equal(0x8000000000000000UL, BitConverter.DoubleToUInt64Bits(value.Keys.Single().Item1));
    }
}
