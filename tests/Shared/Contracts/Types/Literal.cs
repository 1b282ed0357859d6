namespace Pack.ContractTests.Types;

public sealed record Literal(int Value) : Expr;
