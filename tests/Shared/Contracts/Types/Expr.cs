namespace Pack.ContractTests.Types;

/// <summary>A recursive union: a case holds members of the union's own type (drift class b).</summary>
[PackUnion(0, typeof(Literal))]
[PackUnion(1, typeof(Add))]
[PackUnion(2, typeof(Negate))]
public abstract record Expr;
