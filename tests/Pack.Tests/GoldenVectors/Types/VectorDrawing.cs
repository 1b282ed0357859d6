namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Holds a union value, so the case object is nested.</summary>
public sealed class VectorDrawing
{
    public VectorShape? Shape { get; set; }

    public byte Layer { get; set; }
}
