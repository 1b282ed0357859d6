namespace Pack.Tests.GoldenVectors.Types;

/// <summary>A union over an interface whose cases are structs: tag 0 a fixed struct, tag 1 a struct with a header.</summary>
[PackUnion(0, typeof(VectorNumberToken))]
[PackUnion(1, typeof(VectorTextToken))]
public interface IVectorToken
{
}
