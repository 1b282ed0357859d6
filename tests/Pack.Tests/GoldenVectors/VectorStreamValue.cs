using Pack.Streaming;

namespace Pack.Tests.GoldenVectors;

/// <summary>The items (and the closing error, if any) that a stream vector describes.</summary>
/// <param name="ItemType">The declared item type.</param>
/// <param name="Items">The items, in order.</param>
/// <param name="Error">The error frame that ends the stream, or <see langword="null"/> when it ends with an end frame.</param>
public sealed record VectorStreamValue(Type ItemType, IReadOnlyList<object?> Items, PackStreamError? Error);
