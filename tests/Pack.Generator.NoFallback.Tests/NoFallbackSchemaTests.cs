using System.Security.Cryptography;
using System.Text;
using Pack.ContractTests;
using Pack.Schema;

namespace Pack.Generator.NoFallback.Tests;

/// <summary>
/// Without the IL fallback (as under Native AOT), every shared-suite type's schema still comes from the generated
/// constants: found through the registered context, consistent with its own text, and readable as a PackSchema.
/// (Pack.Generator.Tests proves the constants equal PackSchema.For's run-time schema.)
/// </summary>
public sealed class NoFallbackSchemaTests
{
    public static TheoryData<string> Cases => ContractCases.Names();

    [Theory]
    [MemberData(nameof(Cases))]
    public void TryGetGenerated_SharedSuiteType_FindsConsistentConstants(string name)
    {
        var type = ContractCases.Get(name).Type;

        Assert.True(PackSchema.TryGetGenerated(type, options: null, out var generated));
        var schema = generated.ToSchema();

        Assert.NotNull(generated.CanonicalText);
        Assert.Equal(Sha256Prefix(generated.WireCanonicalText), generated.WireFingerprint);
        Assert.Equal(Sha256Prefix(generated.CanonicalText), generated.ContractFingerprint);
        Assert.Equal(generated.CanonicalText, PackSchema.Parse(generated.CanonicalText).CanonicalText);
        Assert.Equal(generated.WireCanonicalText, schema.ToWireForm().CanonicalText);
    }

    private static string Sha256Prefix(string text) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)).AsSpan(0, 8));
}
