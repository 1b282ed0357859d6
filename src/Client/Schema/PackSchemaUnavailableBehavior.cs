namespace Pack.Client;

/// <summary>
/// What a client does with a response whose <c>Pack-Schema</c> fingerprint differs from its own type's when the server's
/// schema cannot be obtained: with no schema endpoint to ask (<see cref="PackClientOptions.SchemaUnavailable"/>), or when
/// the endpoint answers but does not serve that fingerprint (<see cref="PackClientOptions.SchemaNotServed"/>).
/// </summary>
public enum PackSchemaUnavailableBehavior
{
    /// <summary>Read the body, as a client without the check would (the default).</summary>
    Read,

    /// <summary>Throw <see cref="PackSchemaMismatchException"/> (with no violations) instead of reading an unverified body.</summary>
    Throw,
}
