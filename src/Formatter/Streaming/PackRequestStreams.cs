using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>Creates the <see cref="PackRequestStreamReader{T}"/> of an element type known only at run time (MVC's model type).</summary>
internal static class PackRequestStreams
{
    private static readonly MethodInfo CreateGenericMethod =
        typeof(PackRequestStreams).GetMethod(nameof(CreateReader), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static readonly ConcurrentDictionary<Type, Func<HttpContext, PackFormatterOptions, object>> Factories = new();

    /// <summary>An <see cref="IAsyncEnumerable{T}"/> of <paramref name="elementType"/> that reads the request body as it arrives.</summary>
    public static object Create(Type elementType, HttpContext httpContext, PackFormatterOptions options) =>
        (Factories.TryGetValue(elementType, out var factory) ? factory : CreateFactory(elementType))(httpContext, options);

    private static Func<HttpContext, PackFormatterOptions, object> CreateFactory(Type elementType)
        => System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported
            ? CreateFactoryDynamic(elementType)
            : throw new NotSupportedException(
                $"Reading a request stream of {elementType.Name} into IAsyncEnumerable<{elementType.Name}> needs generic code built at run time, "
                + "which Native AOT cannot do. Take a PackStreamBody<T> parameter in a minimal API instead.");

    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT.")]
    [UnconditionalSuppressMessage("Trimming", "IL2060:MakeGenericMethod", Justification = "CreateReader<T> has no requirements on T.")]
    private static Func<HttpContext, PackFormatterOptions, object> CreateFactoryDynamic(Type elementType)
        => Factories.GetOrAdd(elementType, static type =>
            CreateGenericMethod.MakeGenericMethod(type).CreateDelegate<Func<HttpContext, PackFormatterOptions, object>>());

    private static object CreateReader<T>(HttpContext httpContext, PackFormatterOptions options) => new PackRequestStreamReader<T>(httpContext, options);
}
