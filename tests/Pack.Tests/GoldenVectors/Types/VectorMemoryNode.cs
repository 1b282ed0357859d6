namespace Pack.Tests.GoldenVectors.Types;

/// <summary>
/// A chain whose every node holds a <see cref="Memory{T}"/>, for depth on the bytes (wire-format §9): a Memory read
/// from count −1 is empty like one written as count 0, but only count 0 enters a level.
/// </summary>
public sealed class VectorMemoryNode
{
    public Memory<int> Values { get; set; }

    public VectorMemoryNode? Next { get; set; }
}
