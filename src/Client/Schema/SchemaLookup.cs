using Pack.Schema;

namespace Pack.Client;

/// <summary>The outcome of looking a fingerprint up at a schema endpoint: the schema, or why there is none.</summary>
/// <param name="Schema">The served schema with that wire fingerprint, or <see langword="null"/>.</param>
/// <param name="Problem">Why there is no schema, for the exception message.</param>
/// <param name="Error">The exception that stopped the fetch, if one did.</param>
/// <param name="NotServed">
/// The endpoint answered, but no attempt gave that fingerprint (docs/schema.md §5.1, step 8, <i>not served</i>), as opposed
/// to no schema endpoint at all.
/// </param>
internal sealed record SchemaLookup(PackSchema? Schema, string? Problem, Exception? Error, bool NotServed = false);
