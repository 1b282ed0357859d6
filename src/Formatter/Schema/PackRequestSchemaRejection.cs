using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// Why a request body was not read after its <c>Pack-Schema</c> header was checked (docs/schema.md §5.2), and the
/// problem that says so: 409 with the violations, 412 for an unknown schema, 400 for a malformed header.
/// </summary>
internal sealed class PackRequestSchemaRejection
{
    private PackRequestSchemaRejection(int statusCode, string? type, string title, string detail, Dictionary<string, object?> extensions)
    {
        StatusCode = statusCode;
        Type = type;
        Title = title;
        Detail = detail;
        Extensions = extensions;
    }

    public int StatusCode { get; }

    /// <summary>The problem <c>type</c>, one of <see cref="PackRequestSchemaProtocol"/>'s; <see langword="null"/> for a malformed header.</summary>
    public string? Type { get; }

    public string Title { get; }

    public string Detail { get; }

    /// <summary>The problem members of docs/schema.md §5.2 (strings and, for the violations, a <see cref="JsonElement"/>, which every JSON resolver writes).</summary>
    public Dictionary<string, object?> Extensions { get; }

    public static PackRequestSchemaRejection Incompatible(string label, string reader, string writer, IReadOnlyList<PackSchemaViolation> violations)
    {
        var extensions = Members(label, reader, writer);
        extensions[PackRequestSchemaProtocol.ViolationsMember] = ToJson(violations);
        return new(
            StatusCodes.Status409Conflict,
            PackRequestSchemaProtocol.IncompatibleProblemType,
            "The request body's schema is incompatible with the endpoint's.",
            $"The body was written with schema {writer}, which {label} (schema {reader}) cannot read: {string.Join("; ", violations)}. The body was not read.",
            extensions);
    }

    public static PackRequestSchemaRejection Unknown(string label, string reader, string writer, string? registrationPath)
    {
        var extensions = Members(label, reader, writer);
        if (registrationPath is not null)
        {
            extensions[PackRequestSchemaProtocol.SchemaEndpointMember] = registrationPath;
        }

        string register = registrationPath is null
            ? "This server accepts no schema registrations; send the body without Pack-Schema to skip the check, or configure the schema in PackFormatterOptions.KnownClientSchemas."
            : $"POST the client's schema to {registrationPath} and send the request again.";
        return new(
            StatusCodes.Status412PreconditionFailed,
            PackRequestSchemaProtocol.UnknownProblemType,
            "The request body's schema is unknown to the server.",
            $"The body was written with schema {writer}, which the server does not know, so it cannot tell whether {label} (schema {reader}) reads it correctly. The body was not read. {register}",
            extensions);
    }

    public static PackRequestSchemaRejection MalformedHeader(string value) => new(
        StatusCodes.Status400BadRequest,
        type: null,
        $"The {PackSchema.HeaderName} header is malformed.",
        $"The {PackSchema.HeaderName} header must be one wire fingerprint of 16 lowercase hex digits; it was '{value}'.",
        []);

    /// <summary>The problem result, for minimal APIs.</summary>
    public IResult ToResult() => TypedResults.Problem(Detail, statusCode: StatusCode, title: Title, type: Type, extensions: Extensions);

    /// <summary>The problem result, for MVC: written as <c>application/problem+json</c> whatever the request accepts.</summary>
    public ObjectResult ToObjectResult(HttpContext httpContext)
    {
        var result = MvcProblemResults.Create(httpContext, StatusCode, Title, Detail, Type);
        var problem = (ProblemDetails)result.Value!;
        foreach (var (name, value) in Extensions)
        {
            problem.Extensions[name] = value;
        }

        return result;
    }

    private static Dictionary<string, object?> Members(string label, string reader, string writer) => new(StringComparer.Ordinal)
    {
        [PackRequestSchemaProtocol.SchemaTypeMember] = label,
        [PackRequestSchemaProtocol.ReaderSchemaMember] = reader,
        [PackRequestSchemaProtocol.WriterSchemaMember] = writer,
    };

    private static JsonElement ToJson(IReadOnlyList<PackSchemaViolation> violations)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartArray();
            foreach (var violation in violations)
            {
                writer.WriteStartObject();
                writer.WriteString("ruleId", violation.RuleId);
                writer.WriteString("path", violation.Path);
                writer.WriteString("message", violation.Message);
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
        }

        using var document = JsonDocument.Parse(buffer.WrittenMemory);
        return document.RootElement.Clone();
    }
}
