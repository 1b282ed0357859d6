namespace Pack.ContractTests.Rejected;

[Pack.PackUnion(1, typeof(UnrelatedCaseType))]
public abstract class UnrelatedCase;

public sealed class UnrelatedCaseType;
