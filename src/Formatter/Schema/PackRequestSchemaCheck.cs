using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// Decides, before a Pack request body is read as a type, whether the schema its <c>Pack-Schema</c> header names can be
/// read as that type (docs/schema.md §5.2). The common case, no header or the type's own fingerprint, costs one header
/// read and one string comparison against the fingerprint cached per type.
/// </summary>
internal static class PackRequestSchemaCheck
{
    /// <summary>The rejection of the request's body, or <see langword="null"/> when the body is to be read.</summary>
    /// <param name="request">The request, before its body is read.</param>
    /// <param name="type">The type the body is read as (a request stream's item type).</param>
    /// <param name="options">The options of the endpoint: the switch and the registry.</param>
    /// <returns>Completed at once unless the writer's schema is looked up in the shared store (<see cref="PackFormatterOptions.ShareClientSchemaRegistrations"/>).</returns>
    public static ValueTask<PackRequestSchemaRejection?> CheckAsync(HttpRequest request, Type type, PackFormatterOptions options)
    {
        if (request.HttpContext.Features.Get<PackHttpBodyLog>() is { } log)
        {
            // HTTP logging logs this body: its schema is the type it is read as (docs/aspnetcore.md, logging).
            log.RequestType = type;
        }

        var header = request.Headers[PackSchema.HeaderName];
        if (header.Count == 0 || !options.CheckRequestSchema)
        {
            return default;
        }

        string? readerFingerprint = PackSchemaHeader.WireFingerprint(type);
        if (readerFingerprint is null || (header.Count == 1 && string.Equals(header[0], readerFingerprint, StringComparison.Ordinal)))
        {
            return default;
        }

        return CheckAgainstRegistryAsync(request, type, readerFingerprint, header.Count == 1 ? header[0] : null, options);
    }

    private static ValueTask<PackRequestSchemaRejection?> CheckAgainstRegistryAsync(HttpRequest request, Type type, string readerFingerprint, string? writerFingerprint, PackFormatterOptions options)
    {
        if (!PackRequestSchemaProtocol.IsFingerprint(writerFingerprint))
        {
            return ValueTask.FromResult<PackRequestSchemaRejection?>(PackRequestSchemaRejection.MalformedHeader(request.Headers[PackSchema.HeaderName].ToString()));
        }

        // The reader's fingerprint came from this schema (PackSchemaHeader caches TryGet's answer; TryGet caches the schema).
        if (!PackSchema.TryGet(type, options: null, out var reader))
        {
            return default;
        }

        var registry = options.ClientSchemas;
        var verdict = registry.Verdict(type, reader, writerFingerprint!);
        if (verdict is null && options.ShareClientSchemaRegistrations && registry.RegistrationPath is not null
            && request.HttpContext.RequestServices?.GetService<IDistributedCache>() is { } shared)
        {
            return LookUpSharedAsync(request, type, reader, readerFingerprint, writerFingerprint!, registry, shared);
        }

        return ValueTask.FromResult(Decide(request, reader, readerFingerprint, writerFingerprint!, registry, verdict));
    }

    private static async ValueTask<PackRequestSchemaRejection?> LookUpSharedAsync(HttpRequest request, Type type, PackSchema reader, string readerFingerprint, string writerFingerprint, PackClientSchemaRegistry registry, IDistributedCache shared)
    {
        var logger = request.HttpContext.RequestServices.GetService<ILoggerFactory>()?.CreateLogger(PackClientSchemaRegistry.LogCategory) ?? NullLogger.Instance;
        var verdict = await registry.SharedVerdictAsync(type, reader, writerFingerprint, shared, logger, request.HttpContext.RequestAborted).ConfigureAwait(false);
        return Decide(request, reader, readerFingerprint, writerFingerprint, registry, verdict);
    }

    private static PackRequestSchemaRejection? Decide(HttpRequest request, PackSchema reader, string readerFingerprint, string writerFingerprint, PackClientSchemaRegistry registry, IReadOnlyList<PackSchemaViolation>? verdict)
    {
        return verdict switch
        {
            // Without the registration endpoint a client cannot make its schema known, so a 412 could never be resolved:
            // the body is read unchecked, as before the header existed (docs/schema.md §5.2, step 4).
            null when registry.RegistrationPath is null => null,
            null => PackRequestSchemaRejection.Unknown(reader.Label, readerFingerprint, writerFingerprint, RegistrationPath(request, registry)),
            { Count: 0 } => null,
            var violations => PackRequestSchemaRejection.Incompatible(reader.Label, readerFingerprint, writerFingerprint, violations),
        };
    }

    private static string? RegistrationPath(HttpRequest request, PackClientSchemaRegistry registry) =>
        registry.RegistrationPath is { } path ? request.PathBase.Add(new PathString(path)).ToString() : null;
}
