using System.Reflection;
using Pack.Formatters;
using Pack.Tests.GoldenVectors;

namespace Pack.Generator.Tests;

/// <summary>
/// Every golden vector in docs/vectors through the generated formatters: the bytes written, the values read, and the
/// invalid vectors rejected, compared byte for byte with the run-time (IL) formatters.
/// </summary>
public class GeneratedGoldenVectorTests
{
    private static readonly Dictionary<string, Type> TypesByName = BuildTypesByName();

    public static TheoryData<string> EncodableVectors => Ids(GoldenVectorKind.Both);

    public static TheoryData<string> DecodableVectors => Ids(GoldenVectorKind.Both, GoldenVectorKind.Decode);

    public static TheoryData<string> InvalidVectors => Ids(GoldenVectorKind.Invalid);

    [Fact]
    public void Context_EveryVectorType_HasAGeneratedOrBuiltInFormatter()
    {
        foreach (var type in TypesByName.Values)
        {
            bool generated = (bool)Invoke(nameof(HasGenerated), type)!;
            Assert.True(generated, $"{type} has no generated formatter and is not a built-in primitive.");
        }
    }

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public void Serialize_ValidVector_GeneratedWritesTheVectorBytesAsIlDoes(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Values[id];

        Invoke(nameof(AssertWrites), expected.Type, vector.Bytes, expected.Value);
    }

    [Theory]
    [MemberData(nameof(DecodableVectors))]
    public void Deserialize_ValidVector_GeneratedReadsTheDescribedValueAsIlDoes(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var expected = VectorCatalog.Values[id];

        Invoke(nameof(AssertReads), expected.Type, vector.Bytes, expected.Value);
    }

    [Theory]
    [MemberData(nameof(InvalidVectors))]
    public void Deserialize_InvalidVector_GeneratedThrowsPackExceptionAsIlDoes(string id)
    {
        var vector = GoldenVectorFiles.All[id];

        Invoke(nameof(AssertRejects), TypesByName[vector.TypeName], vector.Bytes);
    }

    [Theory]
    [MemberData(nameof(EncodableVectors))]
    public void Deserialize_ValidVectorTruncatedAtEveryPosition_GeneratedThrowsPackException(string id)
    {
        var vector = GoldenVectorFiles.All[id];
        var type = VectorCatalog.Values[id].Type;

        for (int length = 0; length < vector.Bytes.Length; length++)
        {
            Invoke(nameof(AssertRejects), type, vector.Bytes[..length]);
        }
    }

    private static bool HasGenerated<T>()
        => Codec.Generated<T>() is not null || typeof(T).IsPrimitive || typeof(T) == typeof(string) || typeof(T) == typeof(decimal)
           || typeof(T) == typeof(Guid) || typeof(T) == typeof(DateTime) || typeof(T) == typeof(DateTimeOffset) || typeof(T) == typeof(TimeSpan)
           || typeof(T) == typeof(DateOnly) || typeof(T) == typeof(TimeOnly) || typeof(T) == typeof(Half) || typeof(T) == typeof(Int128) || typeof(T) == typeof(UInt128);

    private static void AssertWrites<T>(byte[] expected, object? value)
    {
        string hex = Convert.ToHexStringLower(expected);

        // The serializer: with the contexts registered, its cache holds the generated formatter.
        Assert.Equal(hex, Convert.ToHexStringLower(PackSerializer.Serialize((T?)value)));
        if (Codec.Generated<T>() is { } generated)
        {
            Assert.Equal(hex, Convert.ToHexStringLower(Codec.Write(generated, (T?)value)));
            AssertCachedIsGenerated<T>();
        }

        if (Codec.Il<T>() is { } il)
        {
            Assert.Equal(hex, Convert.ToHexStringLower(Codec.Write(il, (T?)value)));
        }
    }

    private static void AssertReads<T>(byte[] bytes, object? expected)
    {
        Assert.Null(VectorEquivalence.FindDifference(expected, PackSerializer.Deserialize<T>(bytes)));
        if (Codec.Generated<T>() is { } generated)
        {
            Assert.Null(VectorEquivalence.FindDifference(expected, Codec.Read(generated, bytes)));
        }

        if (Codec.Il<T>() is { } il)
        {
            Assert.Null(VectorEquivalence.FindDifference(expected, Codec.Read(il, bytes)));
        }
    }

    private static void AssertRejects<T>(byte[] bytes)
    {
        Assert.Throws<PackException>(() => PackSerializer.Deserialize<T>(bytes));
        if (Codec.Generated<T>() is { } generated)
        {
            var fromGenerated = Assert.Throws<PackException>(() => Codec.Read(generated, bytes));
            if (Codec.Il<T>() is { } il)
            {
                var fromIl = Assert.Throws<PackException>(() => Codec.Read(il, bytes));
                Assert.Equal(fromIl.Offset, fromGenerated.Offset);
            }
        }
    }

    private static void AssertCachedIsGenerated<T>()
    {
        var cached = typeof(PackFormatter<T>).Assembly.GetType("Pack.Formatters.PackFormatterCache`1")!.MakeGenericType(typeof(T))
            .GetField("Formatter", BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!;
        if (Codec.Il<T>() is not null)
        {
            Assert.Equal(typeof(GoldenVectorContext), cached.GetType().DeclaringType);
        }
    }

    private static object? Invoke(string method, Type typeArgument, params object?[] arguments)
    {
        try
        {
            return typeof(GeneratedGoldenVectorTests).GetMethod(method, BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(typeArgument).Invoke(null, arguments);
        }
        catch (TargetInvocationException exception) when (exception.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(exception.InnerException).Throw();
            throw;
        }
    }

    private static TheoryData<string> Ids(params GoldenVectorKind[] kinds)
        => new(GoldenVectorFiles.OfKind(kinds).Select(v => v.Id).Order(StringComparer.Ordinal));

    private static Dictionary<string, Type> BuildTypesByName()
    {
        var types = new Dictionary<string, Type>(StringComparer.Ordinal);
        foreach (var type in VectorCatalog.Values.Values.Select(v => v.Type).Concat(VectorCatalog.InvalidOnlyTypes))
        {
            types.TryAdd(VectorTypeName.Format(type), type);
        }

        return types;
    }
}
