namespace Pack.Schema;

/// <summary>
/// The request side of the schema check over HTTP (docs/schema.md §5.2): the problem types and members of the server's
/// 409 and 412 answers, the registration document and its limits. One definition for the server and the client.
/// </summary>
internal static class PackRequestSchemaProtocol
{
    /// <summary>The problem <c>type</c> of a 409: the body's schema is known and cannot be read by the endpoint's type.</summary>
    public const string IncompatibleProblemType = "urn:pack:problem:request-schema-incompatible";

    /// <summary>The problem <c>type</c> of a 412: the server does not know the body's schema; register it and send again.</summary>
    public const string UnknownProblemType = "urn:pack:problem:request-schema-unknown";

    /// <summary>The problem member with the label of the type the endpoint reads the body as.</summary>
    public const string SchemaTypeMember = "schemaType";

    /// <summary>The problem member with the wire fingerprint of the endpoint's type (the reader).</summary>
    public const string ReaderSchemaMember = "readerSchema";

    /// <summary>The problem member with the fingerprint the request carried (the writer).</summary>
    public const string WriterSchemaMember = "writerSchema";

    /// <summary>The problem member of a 409 with the violations: an array of <c>{ "ruleId", "path", "message" }</c>.</summary>
    public const string ViolationsMember = "violations";

    /// <summary>The problem member of a 412 with the path where a client registers its schema.</summary>
    public const string SchemaEndpointMember = "schemaEndpoint";

    /// <summary>The <c>format</c> of the answer to a registration.</summary>
    public const string RegistrationFormat = "pack-schema-registration/1";

    /// <summary>The largest registration body, 1 MiB; a larger one is answered 413.</summary>
    public const int MaxRegistrationBytes = 1024 * 1024;

    /// <summary>The most schemas one registration may hold; more is answered 400.</summary>
    public const int MaxRegistrationSchemas = 64;

    /// <summary>The most types one registered schema may hold; more is answered 400.</summary>
    public const int MaxRegistrationTypes = 512;

    /// <summary>Whether <paramref name="fingerprint"/> has the form of a fingerprint: 16 lowercase hex digits.</summary>
    /// <param name="fingerprint">The text to test.</param>
    /// <returns><see langword="true"/> for a well-formed fingerprint.</returns>
    public static bool IsFingerprint(string? fingerprint)
    {
        if (fingerprint is not { Length: 16 })
        {
            return false;
        }

        foreach (char c in fingerprint)
        {
            if (c is not ((>= '0' and <= '9') or (>= 'a' and <= 'f')))
            {
                return false;
            }
        }

        return true;
    }
}
