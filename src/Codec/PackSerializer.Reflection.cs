using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Pack;

public static partial class PackSerializer
{
    /// <summary>The name of the <see cref="AppContext"/> switch (and trimming feature switch) behind <see cref="IsReflectionEnabledByDefault"/>.</summary>
    internal const string ReflectionSwitchName = "Pack.PackSerializer.IsReflectionEnabledByDefault";

    /// <summary>The reason given by every API that builds formatters by reflection and IL emission.</summary>
    internal const string DynamicCodeMessage =
        "Pack builds formatters for types without a generated formatter by reflection and IL emission at run time, which Native AOT cannot do. "
        + "Declare the types with [PackSerializable(typeof(T))] on a PackSerializerContext and pass the context to Pack.";

    /// <summary>The reason given by every API that reads a type's members by reflection.</summary>
    internal const string UnreferencedCodeMessage =
        "Pack reads the members and constructors of types without a generated formatter by reflection; trimming may remove them. "
        + "Declare the types with [PackSerializable(typeof(T))] on a PackSerializerContext and pass the context to Pack.";

    /// <summary>
    /// Whether Pack may build a formatter by reflection and run-time IL for a type that has no generated one
    /// (the default on the JIT). Set the <c>Pack.PackSerializer.IsReflectionEnabledByDefault</c> switch to
    /// <see langword="false"/> (a <c>RuntimeHostConfigurationOption</c> with <c>Trim="true"</c>) in trimmed apps, so
    /// the trimmer removes that path and a type without a generated formatter fails with a message naming it.
    /// </summary>
    /// <remarks>
    /// Under Native AOT the run-time path is never taken whatever this says, because <see cref="RuntimeFeature.IsDynamicCodeSupported"/>
    /// is <see langword="false"/>: the same pattern as <c>JsonSerializer.IsReflectionEnabledByDefault</c>.
    /// </remarks>
    [FeatureSwitchDefinition(ReflectionSwitchName)]
    public static bool IsReflectionEnabledByDefault { get; } = !AppContext.TryGetSwitch(ReflectionSwitchName, out bool enabled) || enabled;

    /// <summary>
    /// Whether the run-time formatter path (reflection over members, <c>MakeGenericType</c>, <c>DynamicMethod</c>) may run.
    /// Native AOT compiles it away, because <see cref="RuntimeFeature.IsDynamicCodeSupported"/> is a constant <see langword="false"/> there.
    /// </summary>
    internal static bool IsDynamicFallbackEnabled => RuntimeFeature.IsDynamicCodeSupported && IsReflectionEnabledByDefault;
}
