namespace Pack.Tests.GoldenVectors;

/// <summary>One vector read from a file in docs/vectors.</summary>
/// <param name="File">The file name, for messages.</param>
/// <param name="Id">The vector's id, unique across all files.</param>
/// <param name="TypeName">The declared type, as <see cref="VectorTypeName"/> spells it (the item type for streams).</param>
/// <param name="Kind">What the vector checks.</param>
/// <param name="Bytes">The exact bytes.</param>
public sealed record GoldenVector(string File, string Id, string TypeName, GoldenVectorKind Kind, byte[] Bytes)
{
    /// <summary>For a stream vector, the bytes of each frame in order; otherwise empty.</summary>
    public IReadOnlyList<byte[]> Frames { get; init; } = [];

    /// <summary>For a valid stream vector, whether it ends with an error frame.</summary>
    public bool EndsWithError { get; init; }

    /// <summary>For a valid stream vector, whether writers produce exactly these bytes (<c>"direction": "both"</c>, the default) or readers only read them (<c>"decode"</c>).</summary>
    public bool WritersProduce { get; init; } = true;

    /// <summary>For a decode-only vector, whether a writer given its value writes nothing and fails (<c>"writer": "fails"</c>, docs/wire-format.md §14) rather than write other bytes.</summary>
    public bool WriterFails { get; init; }

    /// <summary>The machine-readable value (<c>"json"</c>, docs/wire-format.md §14); for a stream, a JSON array of its item frames' values.</summary>
    public System.Text.Json.Nodes.JsonNode? Json { get; init; }

    /// <summary>Whether the vector (or every item and error frame of a stream) has a <c>"json"</c> member; JSON null is a value.</summary>
    public bool HasJson { get; init; }

    /// <summary>For an invalid stream vector, the error offset docs/wire-format.md §10 fixes (<c>"offset"</c>), if it fixes one.</summary>
    public long? Offset { get; init; }

    /// <summary>For a stream ending with an error frame, that frame's <c>"json"</c>.</summary>
    public System.Text.Json.Nodes.JsonNode? ErrorJson { get; init; }
}
