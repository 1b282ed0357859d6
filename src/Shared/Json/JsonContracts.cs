using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Pack.Json;

/// <summary>
/// A type's JSON contract in a set of options, as <see cref="JsonSerializer"/>'s overloads taking options find it: the
/// reflection-based resolver for options without one on the JIT, the app's <c>JsonSerializerContext</c> under Native AOT.
/// One rule for the server (<c>Pack.AspNetCore</c>) and the clients (<c>Pack.Client</c>, <c>Pack.Refit</c>).
/// </summary>
internal static class JsonContracts
{
    /// <summary>The contract of <paramref name="type"/> in <paramref name="options"/>; fails with System.Text.Json's message when no resolver knows it.</summary>
    /// <param name="options">The JSON options, with or without a <see cref="JsonSerializerOptions.TypeInfoResolver"/>.</param>
    /// <param name="type">The type read or written.</param>
    public static JsonTypeInfo Get(JsonSerializerOptions options, Type type)
    {
        if (options.TypeInfoResolver is null && JsonSerializer.IsReflectionEnabledByDefault)
        {
            UseReflection(options);
        }

        return options.GetTypeInfo(type);
    }

    /// <summary>What <see cref="JsonSerializer"/>'s overloads taking options do to options without a resolver: lock them with the reflection-based one.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only where JsonSerializer.IsReflectionEnabledByDefault is true, the feature switch the SDK turns off in trimmed and Native AOT apps, as System.Text.Json itself does.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only where JsonSerializer.IsReflectionEnabledByDefault is true, the feature switch the SDK turns off in Native AOT apps.")]
    private static void UseReflection(JsonSerializerOptions options)
    {
        if (!options.IsReadOnly)
        {
            options.MakeReadOnly(populateMissingResolver: true);
        }
    }
}
