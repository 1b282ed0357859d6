using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using Pack.Client;
using Refit;

namespace Pack.Refit;

/// <summary>
/// The declared type of a Refit request's body, found from the request options Refit sets, for the request's
/// <c>Pack-Schema</c> header (docs/schema.md §5.2). Refit copies a streamed body into content of its own that keeps only
/// <c>Content-Type</c>, so the type is taken from the interface method instead of from the content.
/// </summary>
/// <remarks>
/// Refit's source-generated requests carry <see cref="HttpRequestMessageOptions.InterfaceType"/>,
/// <see cref="HttpRequestMessageOptions.MethodName"/> and <see cref="HttpRequestMessageOptions.RelativePathTemplate"/>;
/// reflection-built ones also <see cref="HttpRequestMessageOptions.RestMethodInfo"/>. The body is the parameter marked
/// <see cref="BodyAttribute"/>: neither option says which parameter Refit took as an implicit body, so a method without
/// <c>[Body]</c> gets no header. Overloads of one name and path that declare different body types get none either.
/// </remarks>
internal static class RefitRequestBody
{
    private static readonly HttpRequestOptionsKey<RestMethodInfo> RestMethodInfoKey = new(HttpRequestMessageOptions.RestMethodInfo);
    private static readonly HttpRequestOptionsKey<Type> InterfaceTypeKey = new(HttpRequestMessageOptions.InterfaceType);
    private static readonly HttpRequestOptionsKey<string> MethodNameKey = new(HttpRequestMessageOptions.MethodName);
    private static readonly HttpRequestOptionsKey<string> RelativePathTemplateKey = new(HttpRequestMessageOptions.RelativePathTemplate);

    private static readonly ConcurrentDictionary<(Type Interface, string Method, string? Path), Type?> DeclaredTypes = new();

    /// <summary>
    /// The type whose schema the body of <paramref name="request"/> announces: the declared type of the method's
    /// <c>[Body]</c> for a Pack value, its item type <c>T</c> for a Pack stream (<see cref="IAsyncEnumerable{T}"/>);
    /// <see langword="null"/> when it cannot be told, or under Native AOT, where no header is sent.
    /// </summary>
    public static Type? SchemaType(HttpRequestMessage request, PackMediaKind kind)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported || DeclaredType(request) is not { } declared)
        {
            return null;
        }

        Type? itemType = AsyncEnumerableItemType(declared);
        return kind == PackMediaKind.PackStream ? itemType : itemType is null ? declared : null;
    }

    private static Type? DeclaredType(HttpRequestMessage request)
    {
        if (request.Options.TryGetValue(RestMethodInfoKey, out var restMethod) && restMethod?.MethodInfo is { } method)
        {
            return BodyParameterType(method);
        }

        if (!request.Options.TryGetValue(InterfaceTypeKey, out var interfaceType) || interfaceType is null
            || !request.Options.TryGetValue(MethodNameKey, out var methodName) || methodName is null)
        {
            return null;
        }

        request.Options.TryGetValue(RelativePathTemplateKey, out var path);
        var key = (interfaceType, methodName, path);
        return DeclaredTypes.TryGetValue(key, out var known) ? known : DeclaredTypes.GetOrAdd(key, Find(interfaceType, methodName, path));
    }

    /// <summary>The one body type the methods of that name and path declare, or <see langword="null"/> when they disagree or have none.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070:UnrecognizedReflectionPattern", Justification =
        "Only reached where dynamic code is supported. A trimmed app whose interface methods were removed finds no [Body] and sends no header, as before.")]
    [UnconditionalSuppressMessage("Trimming", "IL2075:UnrecognizedReflectionPattern", Justification =
        "Only reached where dynamic code is supported. A trimmed app whose interface methods were removed finds no [Body] and sends no header, as before.")]
    private static Type? Find(Type interfaceType, string methodName, string? path)
    {
        Type? found = null;
        foreach (Type type in (Type[])[interfaceType, .. interfaceType.GetInterfaces()])
        {
            foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Instance))
            {
                if (method.Name != methodName || (path is not null && method.GetCustomAttribute<HttpMethodAttribute>(inherit: true)?.Path != path))
                {
                    continue;
                }

                if (BodyParameterType(method) is not { } body || (found is not null && found != body))
                {
                    return null;
                }

                found = body;
            }
        }

        return found;
    }

    private static Type? BodyParameterType(MethodInfo method)
    {
        foreach (ParameterInfo parameter in method.GetParameters())
        {
            if (parameter.IsDefined(typeof(BodyAttribute), inherit: true))
            {
                // A body Refit sends as it is, not through the serializer, has no schema of its own.
                Type type = parameter.ParameterType;
                return typeof(HttpContent).IsAssignableFrom(type) || typeof(Stream).IsAssignableFrom(type) ? null : type;
            }
        }

        return null;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2070:UnrecognizedReflectionPattern", Justification =
        "Only reached where dynamic code is supported; the declared type is one the serializer already keeps.")]
    private static Type? AsyncEnumerableItemType(Type type)
    {
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
        {
            return type.GetGenericArguments()[0];
        }

        foreach (Type implemented in type.GetInterfaces())
        {
            if (implemented.IsGenericType && implemented.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
            {
                return implemented.GetGenericArguments()[0];
            }
        }

        return null;
    }
}
