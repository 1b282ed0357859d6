using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Pack.Json;

namespace Pack.AspNetCore;

/// <summary>
/// The JSON contracts of the app's minimal-API JSON options (<c>ConfigureHttpJsonOptions</c>), which is what
/// <c>WriteAsJsonAsync&lt;T&gt;</c> uses too: reflection on the JIT, the app's <c>JsonSerializerContext</c> under Native AOT.
/// </summary>
internal static class HttpJsonTypeInfos
{
    /// <summary>Web defaults with no resolver: <see cref="JsonSerializerOptions.GetTypeInfo(Type)"/> then uses reflection where it is enabled.</summary>
    private static readonly JsonSerializerOptions Fallback = new(JsonSerializerDefaults.Web);

    /// <summary>The app's minimal-API JSON options, or web defaults when there is no container entry.</summary>
    /// <param name="httpContext">The request.</param>
    public static JsonSerializerOptions Options(HttpContext httpContext)
        => PackEndpointOptions.Of(httpContext)?.JsonOptions?.Value.SerializerOptions // No request scope for a Pack endpoint.
           ?? httpContext.RequestServices?.GetService<IOptions<JsonOptions>>()?.Value.SerializerOptions
           ?? Fallback;

    /// <summary>The contract of <typeparamref name="T"/>; fails with System.Text.Json's message when no resolver knows it.</summary>
    /// <typeparam name="T">The type written.</typeparam>
    /// <param name="httpContext">The request.</param>
    public static JsonTypeInfo<T> Get<T>(HttpContext httpContext)
    {
        // The contract kept for the first options seen, compared by reference: an app has one set of JSON options, so this
        // saves System.Text.Json's own lookup on every response. Other options (another app in the process) use that lookup.
        var options = Options(httpContext);
        if (CachedTypeInfo<T>.Entry is { } cached && ReferenceEquals(cached.Options, options))
        {
            return cached.TypeInfo;
        }

        var typeInfo = (JsonTypeInfo<T>)GetTypeInfo(options, typeof(T));
        CachedTypeInfo<T>.Entry ??= new TypeInfoEntry<T>(options, typeInfo);
        return typeInfo;
    }

    /// <summary>The contract of <paramref name="type"/>, locking options without a resolver with the reflection-based one as <see cref="JsonSerializer"/> does.</summary>
    /// <param name="options">The JSON options.</param>
    /// <param name="type">The type written.</param>
    public static JsonTypeInfo GetTypeInfo(JsonSerializerOptions options, Type type) => JsonContracts.Get(options, type);

    private static class CachedTypeInfo<T>
    {
        public static TypeInfoEntry<T>? Entry;
    }

    private sealed class TypeInfoEntry<T>(JsonSerializerOptions options, JsonTypeInfo<T> typeInfo)
    {
        public JsonSerializerOptions Options { get; } = options;

        public JsonTypeInfo<T> TypeInfo { get; } = typeInfo;
    }
}
