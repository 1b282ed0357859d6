using System.Runtime.CompilerServices;

namespace Pack.Generator.Tests;

/// <summary>
/// Registers the generated contexts before any test runs, so every type they cover is read and written by generated
/// code in this process (as under Native AOT); the IL formatters are then built by hand to compare against.
/// </summary>
internal static class TestRegistration
{
#pragma warning disable CA2255 // A test assembly: registering before the first formatter is cached is the point.
    [ModuleInitializer]
#pragma warning restore CA2255
    public static void Register()
    {
        // The randomized contract checks load a second copy of this assembly as the run-time path's reference.
        if (Pack.ContractTests.Randomized.ReferenceLoadContext.Holds(typeof(TestRegistration).Assembly))
        {
            return;
        }

        PackSerializer.AddResolver(GoldenVectorContext.Default);
        PackSerializer.AddResolver(ShapeContext.Default);
        PackSerializer.AddResolver(LayoutContext.Default);
        PackSerializer.AddResolver(Pack.ContractTests.ContractContext.Default);
    }
}
