namespace Pack.ContractTests.Types;

public readonly record struct Dot(short X, short Y) : IShape;
