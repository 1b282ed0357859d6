using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Security.Claims;
using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Patterns;
using Pack;
using Pack.AspNetCore;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// What <c>MapPackSchema</c> serves (docs/schema.md §5, §5.3): the types the app's endpoints read or write as Pack, and
/// those endpoints (group, name, method, route, route and query parameters, request and response bodies).
/// </summary>
internal static class PackEndpointDescriber
{
    private const string UnreferencedCodeMessage =
        "A schema is built from each endpoint type's contract by reflection; trimming may remove the members it reads.";

    /// <summary>
    /// The set, with the full rules: schemas by <see cref="PackSchema.TryGet"/>, and parameter types judged by
    /// reflection (a type's <c>TryParse</c> and <c>BindAsync</c> methods, nullability annotations).
    /// </summary>
    [RequiresUnreferencedCode(UnreferencedCodeMessage)]
    public static PackSchemaSet Describe(IEnumerable<EndpointDataSource> sources)
        => Describe(sources, static type => PackSchema.TryGet(type, options: null, out var schema) ? schema : null, new ParameterRules(IsText, IsSpecial, IsOptional));

    /// <summary>
    /// The set from generated data only (Native AOT, trimmed apps): schemas from the compile-time constants of
    /// <paramref name="context"/>, else of a registered context (<see cref="PackSchema.TryGetGenerated"/>), and parameter
    /// types judged from a fixed list of text types, with no member lookup and no nullability metadata (docs/aot.md).
    /// </summary>
    public static PackSchemaSet DescribeGenerated(IEnumerable<EndpointDataSource> sources, PackSerializerContext context)
        => Describe(sources, type => GeneratedSchema(type, context), new ParameterRules(IsKnownText, IsKnownSpecial, IsOptionalWithoutAnnotations));

    /// <summary>The schema of a root of <paramref name="context"/> or of a registered context, from its constants.</summary>
    internal static PackSchema? GeneratedSchema(Type type, PackSerializerContext? context)
        => context?.GetGeneratedSchema(type) is { } own ? own.ToSchema()
            : PackSchema.TryGetGenerated(type, options: null, out var generated) ? generated.ToSchema() : null;

    private static PackSchemaSet Describe(IEnumerable<EndpointDataSource> sources, Func<Type, PackSchema?> schemaOf, ParameterRules rules)
    {
        var types = new HashSet<Type>();
        var found = new List<(RouteEndpoint Endpoint, string Method, Body? Request, Body? Response)>();
        foreach (var source in sources)
        {
            foreach (var endpoint in source.Endpoints)
            {
                if (Describe(endpoint, types) is not { } bodies || endpoint is not RouteEndpoint route
                    || endpoint.Metadata.GetMetadata<IHttpMethodMetadata>() is not { HttpMethods.Count: > 0 } methods)
                {
                    continue;
                }

                foreach (string method in methods.HttpMethods)
                {
                    found.Add((route, method.ToUpperInvariant(), bodies.Request, bodies.Response));
                }
            }
        }

        var schemas = new Dictionary<Type, PackSchema>();
        foreach (var type in types)
        {
            if (type == typeof(void) || type == typeof(object))
            {
                continue;
            }

            // Generated constants first, the run-time path where it is on (PackSchema.TryGet). A type Pack cannot write
            // is not served as Pack either (its endpoints answer JSON); with the run-time path off, a type that is not a
            // root of a registered context is left out of the set (docs/schema.md §5).
            if (schemaOf(type) is { } schema)
            {
                schemas[type] = schema;
            }
        }

        var endpoints = new List<PackSchemaEndpoint>();
        foreach (var (endpoint, method, request, response) in found)
        {
            var requestBody = request is { } r && schemas.TryGetValue(r.Type, out var rs) ? new PackSchemaEndpointBody(rs.Label, r.Stream) : null;
            var responseBody = response is { } s && schemas.TryGetValue(s.Type, out var ss) ? new PackSchemaEndpointBody(ss.Label, s.Stream) : null;
            if (requestBody is null && responseBody is null)
            {
                continue;
            }

            var parameters = Parameters(endpoint, rules, schemaOf);
            endpoints.Add(new PackSchemaEndpoint(Group(endpoint), Name(endpoint, method), method, Route(endpoint.RoutePattern), parameters, requestBody, responseBody));
        }

        return new PackSchemaSet(schemas.Values, endpoints);
    }

    /// <summary>
    /// Adds the types an endpoint reads or writes as Pack to <paramref name="types"/> (the rule of docs/schema.md §5) and
    /// returns its Pack bodies, or <see langword="null"/> when it names no Pack type.
    /// </summary>
    private static (Body? Request, Body? Response)? Describe(Endpoint endpoint, HashSet<Type> types)
    {
        Body? request = null;
        (Body Body, int Status)? response = null;
        bool pack = false;
        foreach (var metadata in endpoint.Metadata)
        {
            if (metadata is IProducesResponseTypeMetadata { Type: { } produced } produces && IsPack(produces.ContentTypes))
            {
                pack = true;
                Produced(produced, produces.StatusCode, types, ref response);
            }
            else if (metadata is IAcceptsMetadata { RequestType: { } accepted } accepts && IsPack(accepts.ContentTypes))
            {
                pack = true;
                request = BodyOf(accepted);
                types.Add(request.Value.Type);
            }
            else if (metadata is IApiResponseMetadataProvider { Type: { } declared } mvc && IsPack(ContentTypes(mvc)))
            {
                // MVC's [ProducesResponseType<T>(..., "application/x-pack")] and [Produces<T>("application/x-pack")]
                // are not IProducesResponseTypeMetadata: they name their content types only through SetContentTypes.
                pack = true;
                Produced(declared, mvc.StatusCode, types, ref response);
            }
        }

        if (!pack)
        {
            return null;
        }

        // An MVC action listed for its response reads its [FromBody] parameter with the Pack input formatter too.
        if (request is null && endpoint.Metadata.GetMetadata<ControllerActionDescriptor>() is { } action)
        {
            foreach (var parameter in action.Parameters)
            {
                if (parameter.BindingInfo?.BindingSource == BindingSource.Body)
                {
                    request = BodyOf(parameter.ParameterType);
                    types.Add(request.Value.Type);
                    break;
                }
            }
        }

        return (request, response?.Body);
    }

    private static void Produced(Type type, int status, HashSet<Type> types, ref (Body Body, int Status)? response)
    {
        var body = BodyOf(type);
        types.Add(body.Type);
        if (status is >= 200 and < 300 && (response is null || status < response.Value.Status))
        {
            response = (body, status);
        }
    }

    private static Body BodyOf(Type type)
        => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)
            ? new Body(type.GetGenericArguments()[0], true)
            : new Body(type, false);

    private static MediaTypeCollection ContentTypes(IApiResponseMetadataProvider provider)
    {
        var contentTypes = new MediaTypeCollection();
        provider.SetContentTypes(contentTypes);
        return contentTypes;
    }

    private static bool IsPack(IEnumerable<string> contentTypes)
    {
        foreach (string contentType in contentTypes)
        {
            if (contentType.StartsWith(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    // ---- group, name and route (§5.3) --------------------------------------------------------------------------------

    private static string Group(RouteEndpoint endpoint)
    {
        if (endpoint.Metadata.GetMetadata<ControllerActionDescriptor>() is { } action)
        {
            return action.ControllerName;
        }

        if (endpoint.Metadata.GetMetadata<ITagsMetadata>() is { Tags.Count: > 0 } tags && !string.IsNullOrEmpty(tags.Tags[0]))
        {
            return tags.Tags[0];
        }

        if (endpoint.Metadata.GetMetadata<IEndpointGroupNameMetadata>() is { EndpointGroupName: { Length: > 0 } groupName })
        {
            return groupName;
        }

        foreach (var segment in endpoint.RoutePattern.PathSegments)
        {
            if (segment.Parts is [RoutePatternLiteralPart { Content: { Length: > 0 } literal }])
            {
                return char.ToUpperInvariant(literal[0]) + literal[1..];
            }
        }

        return "Default";
    }

    private static string Name(RouteEndpoint endpoint, string method)
    {
        if (endpoint.Metadata.GetMetadata<ControllerActionDescriptor>() is { } action)
        {
            return action.ActionName;
        }

        if (endpoint.Metadata.GetMetadata<IEndpointNameMetadata>() is { EndpointName: { Length: > 0 } name })
        {
            return name;
        }

        var builder = new StringBuilder(method.ToLowerInvariant());
        foreach (var segment in endpoint.RoutePattern.PathSegments)
        {
            foreach (var part in segment.Parts)
            {
                switch (part)
                {
                    case RoutePatternLiteralPart literal:
                        AppendWord(builder, literal.Content);
                        break;
                    case RoutePatternParameterPart parameter:
                        builder.Append("By");
                        AppendWord(builder, parameter.Name);
                        break;
                }
            }
        }

        return builder.ToString();
    }

    private static void AppendWord(StringBuilder builder, string word)
    {
        bool first = true;
        foreach (char c in word)
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                builder.Append(first ? char.ToUpperInvariant(c) : c);
                first = false;
            }
        }
    }

    private static string Route(RoutePattern pattern)
    {
        var builder = new StringBuilder();
        foreach (var segment in pattern.PathSegments)
        {
            builder.Append('/');
            foreach (var part in segment.Parts)
            {
                switch (part)
                {
                    case RoutePatternLiteralPart literal:
                        builder.Append(literal.Content);
                        break;
                    case RoutePatternSeparatorPart separator:
                        builder.Append(separator.Content);
                        break;
                    case RoutePatternParameterPart parameter when pattern.RequiredValues.TryGetValue(parameter.Name, out var required) && required is string value:
                        // A conventional route's {controller}/{action}: fixed for this endpoint.
                        builder.Append(value);
                        break;
                    case RoutePatternParameterPart parameter:
                        builder.Append('{').Append(parameter.Name).Append('}');
                        break;
                }
            }
        }

        return builder.Length == 0 ? "/" : builder.ToString();
    }

    // ---- parameters (§5.3) ------------------------------------------------------------------------------------------

    private static List<PackSchemaEndpointParameter> Parameters(RouteEndpoint endpoint, ParameterRules rules, Func<Type, PackSchema?> schemaOf)
    {
        var pattern = endpoint.RoutePattern;
        var routeParts = new List<RoutePatternParameterPart>();
        foreach (var segment in pattern.PathSegments)
        {
            foreach (var part in segment.Parts)
            {
                if (part is RoutePatternParameterPart parameter && !(pattern.RequiredValues.TryGetValue(parameter.Name, out var required) && required is string))
                {
                    routeParts.Add(parameter);
                }
            }
        }

        var handler = HandlerParameters(endpoint, routeParts, rules);
        var parameters = new List<PackSchemaEndpointParameter>();
        foreach (var part in routeParts)
        {
            var bound = handler.Find(h => h.Source == PackSchemaParameterSource.Route && string.Equals(h.Name, part.Name, StringComparison.OrdinalIgnoreCase));
            bool optional = part.IsOptional || part.Default is not null || (bound.Info?.HasDefaultValue ?? false);
            // A catch-all ({*path}, {**path}) takes the rest of the path, '/' included: marked so that clients keep its '/'.
            parameters.Add(new PackSchemaEndpointParameter(part.Name, PackSchemaParameterSource.Route, bound.Type is null ? "string" : PrimitiveName(bound.Type, schemaOf), optional, part.IsCatchAll));
        }

        foreach (var (name, source, type, info) in handler)
        {
            if (source == PackSchemaParameterSource.Query)
            {
                parameters.Add(new PackSchemaEndpointParameter(name, source, PrimitiveName(type!, schemaOf), rules.IsOptional(type!, info)));
            }
        }

        return parameters;
    }

    /// <summary>The handler's route and query parameters, in the handler's order (others are left out).</summary>
    private static List<(string Name, PackSchemaParameterSource Source, Type? Type, ParameterInfo? Info)> HandlerParameters(RouteEndpoint endpoint, List<RoutePatternParameterPart> routeParts, ParameterRules rules)
    {
        bool InRoute(string name) => routeParts.Exists(p => string.Equals(p.Name, name, StringComparison.OrdinalIgnoreCase));
        var found = new List<(string, PackSchemaParameterSource, Type?, ParameterInfo?)>();
        if (endpoint.Metadata.GetMetadata<ControllerActionDescriptor>() is { } action)
        {
            foreach (var parameter in action.Parameters)
            {
                var info = (parameter as ControllerParameterDescriptor)?.ParameterInfo;
                string name = parameter.BindingInfo?.BinderModelName ?? parameter.Name;
                var source = parameter.BindingInfo?.BindingSource;
                if (source == BindingSource.Path || ((source is null || source == BindingSource.ModelBinding) && InRoute(name)))
                {
                    found.Add((name, PackSchemaParameterSource.Route, parameter.ParameterType, info));
                }
                else if (source == BindingSource.Query || ((source is null || source == BindingSource.ModelBinding) && rules.IsText(parameter.ParameterType)))
                {
                    found.Add((name, PackSchemaParameterSource.Query, parameter.ParameterType, info));
                }
            }

            return found;
        }

        if (endpoint.Metadata.GetMetadata<MethodInfo>() is not { } method)
        {
            return found;
        }

        foreach (var info in method.GetParameters())
        {
            var attributes = info.GetCustomAttributes(inherit: false);
            string name = info.Name ?? string.Empty;
            if (Array.Find(attributes, a => a is IFromRouteMetadata) is IFromRouteMetadata fromRoute)
            {
                found.Add((fromRoute.Name ?? name, PackSchemaParameterSource.Route, info.ParameterType, info));
            }
            else if (Array.Find(attributes, a => a is IFromQueryMetadata) is IFromQueryMetadata fromQuery)
            {
                found.Add((fromQuery.Name ?? name, PackSchemaParameterSource.Query, info.ParameterType, info));
            }
            else if (Array.Exists(attributes, a => a is IFromHeaderMetadata or IFromServiceMetadata or IFromBodyMetadata or IFromFormMetadata or AsParametersAttribute)
                     || rules.IsSpecial(info.ParameterType))
            {
                continue;
            }
            else if (InRoute(name))
            {
                found.Add((name, PackSchemaParameterSource.Route, info.ParameterType, info));
            }
            else if (rules.IsText(info.ParameterType))
            {
                found.Add((name, PackSchemaParameterSource.Query, info.ParameterType, info));
            }
        }

        return found;
    }

    [RequiresUnreferencedCode(UnreferencedCodeMessage)]
    private static bool IsSpecial(Type type)
        => IsKnownSpecial(type)
           || type.GetMethod("BindAsync", BindingFlags.Public | BindingFlags.Static) is not null
           || Array.Exists(type.GetInterfaces(), i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IBindableFromHttpContext<>));

    /// <summary>Whether ASP.NET Core binds the type from one piece of text (a route value, a query value).</summary>
    [RequiresUnreferencedCode(UnreferencedCodeMessage)]
    private static bool IsText(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return type == typeof(string) || type.IsPrimitive || type.IsEnum || type == typeof(decimal)
               || type.GetMethod("TryParse", BindingFlags.Public | BindingFlags.Static, [typeof(string), type.MakeByRefType()]) is not null
               || type.GetMethod("TryParse", BindingFlags.Public | BindingFlags.Static, [typeof(string), typeof(IFormatProvider), type.MakeByRefType()]) is not null;
    }

    private static bool IsOptional(Type type, ParameterInfo? info)
    {
        if (info is null)
        {
            return true;
        }

        if (info.HasDefaultValue || Nullable.GetUnderlyingType(type) is not null)
        {
            return true;
        }

        return !type.IsValueType && new NullabilityInfoContext().Create(info).WriteState == NullabilityState.Nullable;
    }

    /// <summary>
    /// The schema primitive name (docs/schema.md §1.1) of a parameter's type, from the codec's own schema of it (one
    /// rulebook): a primitive's name, a <c>Nullable&lt;T&gt;</c>'s or an enum's underlying one, else <c>string</c>.
    /// </summary>
    private static string PrimitiveName(Type type, Func<Type, PackSchema?> schemaOf)
    {
        // The primitives (and enums and nullables over them) by the table of docs/schema.md §1.1, with no lookup;
        // another type by the codec's own schema of it (one rulebook), else string.
        if (KnownPrimitiveName(type) is { } known)
        {
            return known;
        }

        PackSchema? schema;
        try
        {
            schema = schemaOf(type);
        }
        catch (InvalidOperationException)
        {
            return "string";
        }

        if (schema is null)
        {
            return "string";
        }

        var entry = schema.Types[0];
        if (entry.Kind == PackSchemaKind.Nullable)
        {
            entry = schema.Types[entry.Element];
        }

        if (entry.Kind == PackSchemaKind.Enum)
        {
            entry = schema.Types[entry.Element];
        }

        return entry.Kind == PackSchemaKind.Primitive && entry.Primitive is { } primitive ? primitive : "string";
    }

    /// <summary>The primitive name (docs/schema.md §1.1) of a primitive type, of an enum's underlying type or of a nullable one, else <see langword="null"/>.</summary>
    private static string? KnownPrimitiveName(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type.IsEnum)
        {
            type = Enum.GetUnderlyingType(type);
        }

        return Type.GetTypeCode(type) switch
        {
            TypeCode.Boolean => "bool",
            TypeCode.Byte => "u8",
            TypeCode.SByte => "i8",
            TypeCode.Int16 => "i16",
            TypeCode.UInt16 => "u16",
            TypeCode.Char => "char",
            TypeCode.Int32 => "i32",
            TypeCode.UInt32 => "u32",
            TypeCode.Int64 => "i64",
            TypeCode.UInt64 => "u64",
            TypeCode.Single => "f32",
            TypeCode.Double => "f64",
            TypeCode.Decimal => "decimal",
            TypeCode.String => "string",
            TypeCode.DateTime => "datetime",
            _ when type == typeof(Half) => "f16",
            _ when type == typeof(Int128) => "i128",
            _ when type == typeof(UInt128) => "u128",
            _ when type == typeof(Guid) => "guid",
            _ when type == typeof(DateTimeOffset) => "datetimeoffset",
            _ when type == typeof(TimeSpan) => "timespan",
            _ when type == typeof(DateOnly) => "dateonly",
            _ when type == typeof(TimeOnly) => "timeonly",
            _ => null,
        };
    }

    // ---- the rules without reflection (the generated variant) -----------------------------------------------------

    /// <summary>Whether ASP.NET Core binds the type from one piece of text, for the types of the schema primitive table only (no member lookup).</summary>
    private static bool IsKnownText(Type type) => KnownPrimitiveName(type) is not null;

    /// <summary>The types minimal APIs bind specially that a handler commonly takes, without looking for a <c>BindAsync</c> method.</summary>
    private static bool IsKnownSpecial(Type type)
        => type == typeof(HttpContext) || type == typeof(HttpRequest) || type == typeof(HttpResponse) || type == typeof(CancellationToken)
           || type == typeof(ClaimsPrincipal) || type == typeof(Stream) || type == typeof(System.IO.Pipelines.PipeReader)
           || typeof(IFormFile).IsAssignableFrom(type) || typeof(IFormFileCollection).IsAssignableFrom(type);

    /// <summary>Optional when it has a default or is a <c>Nullable&lt;T&gt;</c>; a reference type without nullability metadata counts as optional.</summary>
    private static bool IsOptionalWithoutAnnotations(Type type, ParameterInfo? info)
        => info is null || info.HasDefaultValue || Nullable.GetUnderlyingType(type) is not null || !type.IsValueType;

    /// <summary>How parameter types are judged: by reflection, or from fixed lists (the generated variant).</summary>
    private sealed record ParameterRules(Func<Type, bool> IsText, Func<Type, bool> IsSpecial, Func<Type, ParameterInfo?, bool> IsOptional);

    private readonly record struct Body(Type Type, bool Stream);
}
