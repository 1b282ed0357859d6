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
}
