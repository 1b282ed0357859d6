namespace Pack.ContractTests.Types;

public sealed record Add(Expr Left, Expr Right) : Expr;
