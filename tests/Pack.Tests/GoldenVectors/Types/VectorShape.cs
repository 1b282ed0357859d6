namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A union: tag 0 is a circle, tag 1 a square.</summary>
[PackUnion(0, typeof(VectorCircle))]
[PackUnion(1, typeof(VectorSquare))]
public abstract class VectorShape
{
}
