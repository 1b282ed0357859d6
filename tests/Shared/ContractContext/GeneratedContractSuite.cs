namespace Pack.ContractTests;

/// <summary>The shared contract suite through <see cref="ContractContext"/>: every object, union and struct formatter is the generated one.</summary>
public abstract class GeneratedContractSuite : ContractSuite
{
    protected override void AssertMode(ContractCase contractCase)
    {
        var type = contractCase.Type;
        // Collections, nullables and unions are Pack's own formatters (PackFormatters), created by the context; objects are generated.
        bool builtIn = type.IsArray || type.IsAbstract || type.IsInterface || Nullable.GetUnderlyingType(type) is not null
            || (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>));
        if (!builtIn)
        {
            // ContractContext's, or another registered context's that covers the same type first.
            Assert.True(contractCase.FormatterHost() is { } host && host.IsSubclassOf(typeof(PackSerializerContext)), $"{contractCase.Name} did not resolve a generated formatter.");
        }
    }
}
