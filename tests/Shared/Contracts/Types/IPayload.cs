namespace Pack.ContractTests.Types;

/// <summary>A [PackUnion] interface with a class case, a fixed-width record struct case and an empty class case.</summary>
[PackUnion(0, typeof(TextPayload))]
[PackUnion(1, typeof(NumberPayload))]
[PackUnion(2, typeof(EmptyPayload))]
public interface IPayload;
