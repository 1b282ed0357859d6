using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Pack.Json;

namespace Pack.Client;

/// <summary>
/// Reads JSON through the options' own <see cref="JsonTypeInfo{T}"/> (<see cref="JsonContracts"/>): the reflection-based
/// resolver on the JIT (as <see cref="JsonSerializer"/>'s generic overloads use), the app's <c>JsonSerializerContext</c> under Native AOT.
/// </summary>
internal static class JsonTypeInfos
{
    /// <summary>The contract of <typeparamref name="T"/> in <paramref name="options"/>; fails with STJ's message when no resolver knows it.</summary>
    /// <typeparam name="T">The type read or written.</typeparam>
    /// <param name="options">The JSON options, with or without a <see cref="JsonSerializerOptions.TypeInfoResolver"/>.</param>
    public static JsonTypeInfo<T> Get<T>(JsonSerializerOptions options) => (JsonTypeInfo<T>)JsonContracts.Get(options, typeof(T));

    /// <summary>
    /// <see cref="JsonSerializerOptions.Web"/> where reflection-based JSON is enabled (the JIT default); otherwise (Native AOT,
    /// trimmed apps) <see cref="JsonSerializerDefaults.Web"/> options without a resolver, which name the type that needs a
    /// <c>JsonSerializerContext</c> when they meet one.
    /// </summary>
    public static JsonSerializerOptions Web { get; } = JsonSerializer.IsReflectionEnabledByDefault ? ReflectionWeb() : new(JsonSerializerDefaults.Web);

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only where JsonSerializer.IsReflectionEnabledByDefault is true, the feature switch the SDK turns off in trimmed and Native AOT apps.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only where JsonSerializer.IsReflectionEnabledByDefault is true, the feature switch the SDK turns off in Native AOT apps.")]
    private static JsonSerializerOptions ReflectionWeb() => JsonSerializerOptions.Web;
}
