using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Routing;
using Microsoft.Net.Http.Headers;
using Pack;
using Pack.AspNetCore;
using Pack.Schema;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the endpoint that serves the Pack schemas of an app's endpoints (docs/schema.md).</summary>
public static partial class PackSchemaEndpointRouteBuilderExtensions
{
    private const string UnreferencedCodeMessage =
        "A schema is built from each endpoint type's contract by reflection; trimming may remove the members it reads.";

    /// <summary>The default route of <see cref="MapPackSchema(IEndpointRouteBuilder, string)"/>.</summary>
    public const string DefaultPattern = PackSchema.DefaultEndpointPath;

    /// <summary>
    /// Serves, as a schema set (docs/schema.md §2.4), the schema of every type an endpoint of the app reads or writes as
    /// Pack: the request and response types whose accepts/produces metadata lists <c>application/x-pack</c> (or
    /// <c>application/x-pack-stream</c>, whose item type is described), and those endpoints, with their groups, routes,
    /// route and query parameters and bodies (§5.3), for generators of typed clients. Built once, on the first request. The response is
    /// JSON with <c>ETag</c> = the set's contract fingerprint and <c>Cache-Control: public, no-cache</c> (caches keep it
    /// and revalidate); <c>If-None-Match</c> with that ETag is answered 304 without a body.
    /// <para>
    /// <c>?wire=&lt;fingerprint&gt;</c> names the schema a client looks for (docs/schema.md §5): a fingerprint in the set
    /// gets the same answer; one this process wrote in a <c>Pack-Schema</c> header for a type the set does not describe
    /// gets the set plus that schema; any other gets 404 problem details of type
    /// <c>urn:pack:problem:schema-not-served</c>, which a client behind a load balancer takes as
    /// "ask another replica"; a malformed value gets 400.
    /// </para>
    /// <para>
    /// <c>POST</c> to the same route registers a client's schema (docs/schema.md §5.2): a schema set or schema as JSON, at
    /// most 1 MiB; the server computes its fingerprints, remembers its wire form, and from then on checks request bodies
    /// that carry its fingerprint in <c>Pack-Schema</c> against the endpoint's type (409 when incompatible). Conventions
    /// added to the returned builder (authorization, say) apply to both methods.
    /// </para>
    /// </summary>
    /// <param name="endpoints">The app's route builder.</param>
    /// <param name="pattern">The route; <see cref="DefaultPattern"/> by default.</param>
    /// <returns>The endpoint's builder, to add authorization or other conventions.</returns>
    [RequiresUnreferencedCode(UnreferencedCodeMessage)]
    public static IEndpointConventionBuilder MapPackSchema(this IEndpointRouteBuilder endpoints, string pattern = DefaultPattern)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return Map(endpoints, pattern, () => PackEndpointDescriber.Describe(endpoints.DataSources), context: null);
    }

    /// <summary>
    /// Serves the same endpoint as <see cref="MapPackSchema(IEndpointRouteBuilder, string)"/>, built from generated data
    /// only, so that it maps under Native AOT and in trimmed apps: each endpoint type's schema is the compile-time
    /// constant of <paramref name="context"/>, else of a registered context (<see cref="PackSchema.TryGetGenerated"/>);
    /// a type that is not a root of one is left out of the set (docs/schema.md §5). Endpoints, groups, routes and bodies are
    /// described as by the other overload; a route or query parameter's type is named from the schema primitive table
    /// (docs/schema.md §1.1, enums and <c>Nullable&lt;T&gt;</c> over them), and a handler parameter of another type is
    /// neither (reflection on its <c>TryParse</c> or <c>BindAsync</c> is what trimming removes); a reference-type
    /// parameter without a default counts as optional (nullability annotations are not kept). <c>?wire=</c>, ETags and
    /// <c>POST</c> registration behave as by the other overload.
    /// </summary>
    /// <param name="endpoints">The app's route builder.</param>
    /// <param name="context">The generated context whose roots the endpoints read and write (the one in <c>AddPack</c>'s resolvers).</param>
    /// <param name="pattern">The route; <see cref="DefaultPattern"/> by default.</param>
    /// <returns>The endpoint's builder, to add authorization or other conventions.</returns>
    public static IEndpointConventionBuilder MapPackSchema(this IEndpointRouteBuilder endpoints, PackSerializerContext context, string pattern = DefaultPattern)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(context);
        return Map(endpoints, pattern, () => PackEndpointDescriber.DescribeGenerated(endpoints.DataSources, context), context);
    }

    private static RouteGroupBuilder Map(IEndpointRouteBuilder endpoints, string pattern, Func<PackSchemaSet> describe, PackSerializerContext? context)
    {
        ArgumentNullException.ThrowIfNull(pattern);
        var document = new Lazy<SchemaDocument>(() => SchemaDocument.Of(describe()), LazyThreadSafetyMode.ExecutionAndPublication);
        var group = endpoints.MapGroup(pattern);
        MapRegistration(group, endpoints.ServiceProvider, pattern);
        // A RequestDelegate, not a Delegate: nothing to generate at run time, so it also maps under Native AOT.
        group.MapGet(string.Empty, http => Serve(http, document.Value, context).ExecuteAsync(http)).ExcludeFromDescription();
        return group;
    }

    /// <summary>
    /// Answers a GET: the set, or, for <c>?wire=</c> (docs/schema.md §5), the set when it holds that fingerprint, the set
    /// plus the schema of a type this process wrote with that fingerprint, or a 404 problem saying it is not served.
    /// </summary>
    private static IResult Serve(HttpContext context, SchemaDocument document, PackSerializerContext? generated)
    {
        if (context.Request.Query.TryGetValue(PackResponseSchemaProtocol.WireQueryParameter, out var wire))
        {
            string? fingerprint = wire.Count == 1 ? wire[0] : null;
            if (!PackRequestSchemaProtocol.IsFingerprint(fingerprint))
            {
                return TypedResults.Problem(
                    $"The query parameter '{PackResponseSchemaProtocol.WireQueryParameter}' must be one wire fingerprint: 16 lowercase hex digits.",
                    statusCode: StatusCodes.Status400BadRequest,
                    title: "Malformed schema request");
            }

            if (!document.WireFingerprints.Contains(fingerprint!))
            {
                // The header may come from a context's compile-time constants; only a schema that hashes to the asked
                // fingerprint is served as it.
                if (PackSchemaHeader.WrittenType(fingerprint!) is not { } written || SchemaOf(written, generated) is not { } schema
                    || !string.Equals(schema.WireFingerprint, fingerprint, StringComparison.Ordinal))
                {
                    return TypedResults.Problem(
                        $"This server serves no schema with wire fingerprint {fingerprint}.",
                        statusCode: StatusCodes.Status404NotFound,
                        title: "Schema not served",
                        type: PackResponseSchemaProtocol.NotServedProblemType,
                        extensions: new Dictionary<string, object?> { [PackResponseSchemaProtocol.WireSchemaMember] = fingerprint });
                }

                // Rare: a type written with the header but absent from the endpoints' metadata (an MVC action whose
                // attributes do not name the Pack media type); the replica that wrote it must not answer "not served".
                document = SchemaDocument.Of(new PackSchemaSet([.. document.Set.Schemas, schema], document.Set.Endpoints));
            }
        }

        var headers = context.Response.Headers;
        headers.ETag = document.ETag;
        headers.CacheControl = "public, no-cache";
        if (context.Request.Headers.IfNoneMatch is { Count: > 0 } ifNoneMatch && EntityTagHeaderValue.TryParseList(ifNoneMatch, out var tags)
            && tags.Any(t => t.Tag.Equals(document.ETag, StringComparison.Ordinal) || t.Equals(EntityTagHeaderValue.Any)))
        {
            return Results.StatusCode(StatusCodes.Status304NotModified);
        }

        return Results.Bytes(document.Body, "application/json");
    }

    /// <summary>A written type's schema: from generated constants only for the generated variant, else by <see cref="PackSchema.TryGet"/>.</summary>
    private static PackSchema? SchemaOf(Type type, PackSerializerContext? generated)
        => generated is not null ? PackEndpointDescriber.GeneratedSchema(type, generated)
            : PackSchema.TryGet(type, options: null, out var schema) ? schema : null;

}
