using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Pack.Caching;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Pack as HybridCache's serializer.</summary>
public static class PackHybridCacheBuilderExtensions
{
    /// <summary>
    /// Makes HybridCache store every type whose schema Pack knows as a Pack cache entry (docs/caching.md): the entry names the
    /// writer's contract and its schema is kept once in the second level (the registered <c>IDistributedCache</c>), so a cache shared by two versions of a service reads an entry of a compatible
    /// contract and refuses (refills) one it would misread. Other types keep HybridCache's default serializer.
    /// </summary>
    /// <param name="builder">The builder <c>AddHybridCache()</c> returned.</param>
    /// <returns>The same builder.</returns>
    public static IHybridCacheBuilder AddPackSerializer(this IHybridCacheBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.TryAddEnumerable(ServiceDescriptor.Singleton<IHybridCacheSerializerFactory, PackHybridCacheSerializerFactory>());
        return builder;
    }
}
