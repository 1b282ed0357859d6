namespace Pack.ContractTests.Types;

public readonly record struct NumberPayload(long Value, double Weight) : IPayload;
