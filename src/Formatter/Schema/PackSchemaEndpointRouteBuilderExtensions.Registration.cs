using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using Pack.AspNetCore;
using Pack.Schema;

namespace Microsoft.AspNetCore.Builder;

public static partial class PackSchemaEndpointRouteBuilderExtensions
{
    private const string RegistrationTitle = "The schema registration was rejected.";

    private static readonly MediaType JsonMediaType = new("application/json");

    /// <summary>Maps <c>POST</c> on the schema route: a client registers its schema (docs/schema.md §5.2).</summary>
    private static void MapRegistration(IEndpointRouteBuilder group, IServiceProvider services, string pattern)
    {
        var options = services.GetService<IOptions<PackFormatterOptions>>()?.Value;
        if (options is null)
        {
            return;
        }

        var registry = options.ClientSchemas;
        registry.RegistrationPath = pattern.StartsWith('/') ? pattern : "/" + pattern;
        IDistributedCache? shared = null;
        if (options.ShareClientSchemaRegistrations)
        {
            shared = services.GetService<IDistributedCache>() ?? throw new InvalidOperationException(
                "PackFormatterOptions.ShareClientSchemaRegistrations keeps registrations in the app's IDistributedCache, and none is registered: add one (AddStackExchangeRedisCache, or AddDistributedMemoryCache for a single process) or turn the option off.");
        }

        var logger = services.GetService<ILoggerFactory>()?.CreateLogger(PackClientSchemaRegistry.LogCategory) ?? NullLogger.Instance;
        group.MapPost(string.Empty, async context =>
        {
            var result = await RegisterAsync(context, registry, shared, logger).ConfigureAwait(false);
            await result.ExecuteAsync(context).ConfigureAwait(false);
        }).ExcludeFromDescription();
    }

    private static async Task<IResult> RegisterAsync(HttpContext context, PackClientSchemaRegistry registry, IDistributedCache? shared, ILogger logger)
    {
        var request = context.Request;
        if (request.ContentType is not { } contentType || !new MediaType(contentType).IsSubsetOf(JsonMediaType))
        {
            return Rejected(StatusCodes.Status415UnsupportedMediaType, "A schema registration is a schema set (docs/schema.md §2.4) or a schema sent as application/json.");
        }

        if (await ReadBoundedAsync(request, context.RequestAborted).ConfigureAwait(false) is not { } text)
        {
            return Rejected(StatusCodes.Status413PayloadTooLarge, string.Create(CultureInfo.InvariantCulture, $"A schema registration is at most {PackRequestSchemaProtocol.MaxRegistrationBytes} bytes."));
        }

        PackSchemaSet set;
        try
        {
            set = PackSchemaSet.Parse(text);
        }
        catch (Exception exception) when (exception is not OperationCanceledException)
        {
            // Whatever is wrong with the document, it is the client's document: a 400 that says what, never a 500.
            return Rejected(StatusCodes.Status400BadRequest, $"The body is not a valid Pack schema set: {exception.Message}");
        }

        if (set.Schemas.Count > PackRequestSchemaProtocol.MaxRegistrationSchemas)
        {
            return Rejected(StatusCodes.Status400BadRequest, string.Create(CultureInfo.InvariantCulture, $"A registration holds at most {PackRequestSchemaProtocol.MaxRegistrationSchemas} schemas; this one has {set.Schemas.Count}."));
        }

        foreach (var schema in set.Schemas)
        {
            if (schema.Types.Count > PackRequestSchemaProtocol.MaxRegistrationTypes)
            {
                return Rejected(StatusCodes.Status400BadRequest, string.Create(CultureInfo.InvariantCulture, $"A registered schema holds at most {PackRequestSchemaProtocol.MaxRegistrationTypes} types; {schema.Label} has {schema.Types.Count}."));
            }
        }

        var registered = new JsonArray();
        foreach (var schema in set.Schemas)
        {
            string fingerprint = registry.Register(schema);
            if (shared is not null)
            {
                await registry.ShareAsync(shared, fingerprint, logger, context.RequestAborted).ConfigureAwait(false);
            }

            registered.Add((JsonNode)new JsonObject { ["type"] = schema.Label, ["wire"] = fingerprint });
        }

        var answer = new JsonObject { ["format"] = PackRequestSchemaProtocol.RegistrationFormat, ["schemas"] = registered };
        return Results.Bytes(Encoding.UTF8.GetBytes(answer.ToJsonString()), "application/json");
    }

    /// <summary>The body as text, or <see langword="null"/> when it is larger than the registration limit.</summary>
    private static async Task<string?> ReadBoundedAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        const int limit = PackRequestSchemaProtocol.MaxRegistrationBytes;
        if (request.ContentLength > limit)
        {
            return null;
        }

        var buffer = new ArrayBufferWriter<byte>(4096);
        var body = request.Body;
        while (true)
        {
            var memory = buffer.GetMemory(4096);
            int read = await body.ReadAsync(memory, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                return Encoding.UTF8.GetString(buffer.WrittenSpan);
            }

            buffer.Advance(read);
            if (buffer.WrittenCount > limit)
            {
                return null;
            }
        }
    }

    private static IResult Rejected(int statusCode, string detail) => TypedResults.Problem(detail, statusCode: statusCode, title: RegistrationTitle);
}
