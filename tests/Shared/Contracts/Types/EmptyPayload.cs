namespace Pack.ContractTests.Types;

public sealed class EmptyPayload : IPayload;
