using System.Reflection;
using Pack.Formatters;
using Pack.Formatters.Objects;
using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>
/// Generated formatters and the run-time (IL) path give one allocation-budget verdict for the same bytes (wire format
/// §12): the same charges, the same accept or reject and the same offset, also for a type the two classify differently
/// as to user code (the side that measures a construction allocating nothing beyond its instance charges 0).
/// </summary>
public sealed class GeneratedAllocationBudgetTests
{
    private const int Attempts = 5;

    public static TheoryData<Type> Types => new() { typeof(BudgetTrivialConstructor), typeof(BudgetAllocatingConstructor), typeof(BudgetRecord) };

    [Fact]
    public void RunsUserCode_ExplicitConstructorThatOnlyStores_NoUserCodeForTheRunTimePath()
    {
        // The generator takes any explicit constructor body as user code; the IL path sees only stores: they differ here.
        Assert.False(ConstructionUserCode.RunsUserCode(typeof(BudgetTrivialConstructor), ObjectContract.For(typeof(BudgetTrivialConstructor))));
        Assert.True(ConstructionUserCode.RunsUserCode(typeof(BudgetAllocatingConstructor), ObjectContract.For(typeof(BudgetAllocatingConstructor))));
        Assert.False(ConstructionUserCode.RunsUserCode(typeof(BudgetRecord), ObjectContract.For(typeof(BudgetRecord))));
    }

    [Theory]
    [MemberData(nameof(Types))]
    public void Deserialize_ManyBodies_GeneratedAndIlGiveOneVerdict(Type type)
    {
        var result = ((long IlCharged, long GeneratedCharged, string Verdicts))typeof(GeneratedAllocationBudgetTests)
            .GetMethod(nameof(Compare), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(type)
            .Invoke(null, null)!;

        Assert.True(result.IlCharged > 0);
        Assert.Equal(result.IlCharged, result.GeneratedCharged);
        Assert.Contains("accepted", result.Verdicts, StringComparison.Ordinal);
        Assert.Contains("rejected", result.Verdicts, StringComparison.Ordinal);
    }

    private static (long IlCharged, long GeneratedCharged, string Verdicts) Compare<T>()
    {
        var il = Codec.Il<T>()!;
        var generated = BudgetContext.Default.GetFormatter<T>()!;
        Assert.NotEqual(il.GetType(), generated.GetType());

        // 20,000 bodies of default values read one after another by one reader, as a list's elements are: a list's
        // bytes without its count.
        var values = new List<T>();
        for (int i = 0; i < 20_000; i++)
        {
            values.Add((T)System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(typeof(T)));
        }

        byte[] bytes = PackSerializer.Serialize(values)[4..];
        // Warm reads first: the first run of user code in a process also pays its one-time work (docs/robustness.md).
        Charged(il, bytes, new PackSerializerOptions { MaxAllocationRatio = 0 });
        Charged(generated, bytes, new PackSerializerOptions { MaxAllocationRatio = 0 });
        // What user code allocates is measured, and the runtime's own one-time work on the reading thread (tiering, a
        // call-counting stub) can land inside one measurement (docs/robustness.md): a pair of reads is taken again, a
        // few times at most, until both sides read the warm cost. A real difference between the paths never agrees.
        (long ilCharged, long generatedCharged) = (0, 0);
        for (int attempt = 0; attempt < Attempts && (attempt == 0 || ilCharged != generatedCharged); attempt++)
        {
            ilCharged = Charged(il, bytes, new PackSerializerOptions { MaxAllocationRatio = 0 }).Charged;
            generatedCharged = Charged(generated, bytes, new PackSerializerOptions { MaxAllocationRatio = 0 }).Charged;
        }

        var verdicts = new List<string>();
        foreach (int ratio in new[] { 1, 2, 4, 8, 16, 32, 64, 128, 256, 1024 })
        {
            var options = new PackSerializerOptions { MaxAllocationRatio = ratio };
            (long Charged, long Offset) fromIl = default, fromGenerated = default;
            for (int attempt = 0; attempt < Attempts && (attempt == 0 || fromIl.Offset != fromGenerated.Offset); attempt++)
            {
                fromIl = Charged(il, bytes, options);
                fromGenerated = Charged(generated, bytes, options);
            }

            Assert.True(fromIl.Offset == fromGenerated.Offset, $"{typeof(T).Name} at ratio {ratio}: IL {fromIl.Offset}, generated {fromGenerated.Offset}");
            verdicts.Add(fromIl.Offset < 0 ? "accepted" : "rejected");
        }

        return (ilCharged, generatedCharged, string.Join(",", verdicts));
    }

    // The charges of reading every body, and the offset of a budget rejection (-1 when accepted).
    private static (long Charged, long Offset) Charged<T>(PackFormatter<T> formatter, byte[] bytes, PackSerializerOptions options)
    {
        var reader = new PackReader(bytes, options);
        reader.EnterDepth(); // inside a collection: nested bodies
        try
        {
            while (reader.Remaining > 0)
            {
                GC.KeepAlive(formatter.Deserialize(ref reader));
            }

            return (reader.AllocationCharged, -1);
        }
        catch (PackException exception) when (exception.Message.Contains("budget", StringComparison.Ordinal))
        {
            return (reader.AllocationCharged, exception.Offset);
        }
    }
}
