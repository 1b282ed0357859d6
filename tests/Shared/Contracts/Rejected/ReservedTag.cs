namespace Pack.ContractTests.Rejected;

[Pack.PackUnion(65535, typeof(ReservedTagCase))]
public abstract class ReservedTag;

public sealed class ReservedTagCase : ReservedTag;
