using System.Runtime.CompilerServices;
using Pack.ContractTests;

namespace Pack.Generator.NoFallback.Tests;

/// <summary>Registers the generated context before any test runs: with no IL fallback, it is the only source of formatters.</summary>
internal static class TestRegistration
{
#pragma warning disable CA2255 // A test assembly: registering before the first formatter is cached is the point.
    [ModuleInitializer]
#pragma warning restore CA2255
    public static void Register()
    {
        // The randomized contract checks load a second copy of this assembly as the run-time path's reference.
        if (!Pack.ContractTests.Randomized.ReferenceLoadContext.Holds(typeof(TestRegistration).Assembly))
        {
            PackSerializer.AddResolver(ContractContext.Default);
            PackSerializer.AddResolver(Http.HttpContractContext.Default);
        }
    }
}
