using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;

namespace Pack.ContractTests.Randomized;

/// <summary>
/// A second copy of Pack and of this test assembly, loaded side by side with the process's own, in which no context is
/// registered and the IL fallback is on: every formatter there is the run-time path's, the reference every mode is
/// compared with. Values cross between the two as seeds and come back as strings (<see cref="RandomCases.Observe"/>).
/// </summary>
public sealed class ReferenceLoadContext : AssemblyLoadContext
{
    /// <summary>The context's name; the generated test projects' module initializers register no context inside it.</summary>
    public const string ContextName = "Pack.ContractTests.RunTimePathReference";

    private const string ReflectionSwitch = "Pack.PackSerializer.IsReflectionEnabledByDefault";

    private static readonly Lazy<Assembly> ReferenceTests = new(Load);

    private static readonly Lazy<Func<string, int, int, string[]>> ReferenceObserve = new(() => Method<Func<string, int, int, string[]>>(nameof(RandomCases.Observe)));

    private static readonly Lazy<Func<string, bool>> ReferenceIsGenerated = new(() => Method<Func<string, bool>>(nameof(RandomCases.IsGenerated)));

    private readonly string _packPath = typeof(PackSerializer).Assembly.Location;

    private readonly string _testsPath = typeof(ReferenceLoadContext).Assembly.Location;

    private ReferenceLoadContext()
        : base(ContextName)
    {
    }

    /// <summary>Whether <paramref name="assembly"/> was loaded by the reference context (so must not register contexts).</summary>
    public static bool Holds(Assembly assembly) => GetLoadContext(assembly)?.Name == ContextName;

    /// <summary>The run-time path's observations of a random case, as <see cref="RandomCases.Observe"/> makes them.</summary>
    public static string[] Observe(string name, int seed, int count) => ReferenceObserve.Value(name, seed, count);

    /// <summary>Whether the reference resolved a generated formatter for a random case's type (it must not).</summary>
    public static bool IsGenerated(string name) => ReferenceIsGenerated.Value(name);

    /// <summary>The reference's copy of Pack (not this process's own).</summary>
    public static Assembly PackAssembly => GetLoadContext(ReferenceTests.Value)!.Assemblies.Single(a => a.GetName().Name == typeof(PackSerializer).Assembly.GetName().Name);

    protected override Assembly? Load(AssemblyName assemblyName)
    {
        if (assemblyName.Name == typeof(PackSerializer).Assembly.GetName().Name)
        {
            return LoadFromAssemblyPath(_packPath);
        }

        return assemblyName.Name == typeof(ReferenceLoadContext).Assembly.GetName().Name ? LoadFromAssemblyPath(_testsPath) : null;
    }

    private static TDelegate Method<TDelegate>(string name)
        where TDelegate : Delegate
        => ReferenceTests.Value.GetType(typeof(RandomCases).FullName!, throwOnError: true)!.GetMethod(name)!.CreateDelegate<TDelegate>();

    private static Assembly Load()
    {
        var context = new ReferenceLoadContext();
        var pack = context.LoadFromAssemblyName(typeof(PackSerializer).Assembly.GetName());
        var serializer = pack.GetType(typeof(PackSerializer).FullName!, throwOnError: true)!;

        // The process may have the IL fallback switched off (Pack.Generator.NoFallback.Tests): this process's Pack has
        // read the switch already, so the reference copy can read it on for its own type initializer alone.
        _ = PackSerializer.IsReflectionEnabledByDefault;
        bool hadSwitch = AppContext.TryGetSwitch(ReflectionSwitch, out bool before);
        AppContext.SetSwitch(ReflectionSwitch, true);
        try
        {
            RuntimeHelpers.RunClassConstructor(serializer.TypeHandle);
        }
        finally
        {
            AppContext.SetSwitch(ReflectionSwitch, !hadSwitch || before);
        }

        if (serializer.GetProperty(nameof(PackSerializer.IsReflectionEnabledByDefault))!.GetValue(null) is not true)
        {
            throw new InvalidOperationException("The reference copy of Pack has its IL fallback off.");
        }

        return context.LoadFromAssemblyName(typeof(ReferenceLoadContext).Assembly.GetName());
    }
}
