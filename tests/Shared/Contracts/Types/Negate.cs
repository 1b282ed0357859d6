namespace Pack.ContractTests.Types;

public sealed record Negate(Expr? Operand) : Expr;
