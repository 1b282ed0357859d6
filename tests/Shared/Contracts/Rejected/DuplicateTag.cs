namespace Pack.ContractTests.Rejected;

[Pack.PackUnion(1, typeof(DuplicateTagFirst))]
[Pack.PackUnion(1, typeof(DuplicateTagSecond))]
public abstract class DuplicateTag;

public sealed class DuplicateTagFirst : DuplicateTag;

public sealed class DuplicateTagSecond : DuplicateTag;
