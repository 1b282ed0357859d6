using Pack.Schema;

namespace Pack.Client;

/// <summary>
/// Thrown before a response body is decoded when the contract the server wrote it with (its <c>Pack-Schema</c> header)
/// cannot be read with the client's type: a member retyped, removed or moved, or another breaking change of
/// docs/schema.md §3. No value was read, so none was misread.
/// </summary>
/// <remarks>
/// <see cref="Violations"/> lists every breaking change with its rule ID and member path. It is empty when the fingerprints
/// differ and no schema of the server's contract could be obtained: no schema endpoint to ask with
/// <see cref="PackClientOptions.SchemaUnavailable"/> set to <see cref="PackSchemaUnavailableBehavior.Throw"/>, or an endpoint
/// that does not serve the fingerprint with <see cref="PackClientOptions.SchemaNotServed"/> at its default,
/// <see cref="PackSchemaUnavailableBehavior.Throw"/>; the cause is then the <see cref="Exception.InnerException"/>, when
/// there was one. Like <see cref="PackContentException"/>, it derives from <see cref="HttpRequestException"/>.
/// </remarks>
public sealed class PackSchemaMismatchException : HttpRequestException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What does not match, and why.</param>
    /// <param name="readerType">The type the client reads the body (or each stream item) with.</param>
    /// <param name="readerFingerprint">The wire fingerprint of <paramref name="readerType"/>.</param>
    /// <param name="writerFingerprint">The wire fingerprint the response carried in its <c>Pack-Schema</c> header.</param>
    /// <param name="violations">The breaking changes; empty when the server's schema could not be obtained.</param>
    /// <param name="innerException">Why the server's schema could not be obtained, or <see langword="null"/>.</param>
    public PackSchemaMismatchException(
        string message,
        Type readerType,
        string readerFingerprint,
        string writerFingerprint,
        IReadOnlyList<PackSchemaViolation> violations,
        Exception? innerException)
        : base(message, innerException)
    {
        ArgumentNullException.ThrowIfNull(readerType);
        ArgumentNullException.ThrowIfNull(readerFingerprint);
        ArgumentNullException.ThrowIfNull(writerFingerprint);
        ArgumentNullException.ThrowIfNull(violations);
        ReaderType = readerType;
        ReaderFingerprint = readerFingerprint;
        WriterFingerprint = writerFingerprint;
        Violations = violations;
    }

    /// <summary>The type the client reads the body (or each stream item) with.</summary>
    public Type ReaderType { get; }

    /// <summary>The wire fingerprint of <see cref="ReaderType"/> (docs/schema.md §2.3).</summary>
    public string ReaderFingerprint { get; }

    /// <summary>The wire fingerprint of the server's contract, from the response's <c>Pack-Schema</c> header.</summary>
    public string WriterFingerprint { get; }

    /// <summary>Every breaking change, with its rule ID (<see cref="PackSchemaRules"/>) and member path; empty when the server's schema could not be obtained.</summary>
    public IReadOnlyList<PackSchemaViolation> Violations { get; }
}
